import type { ClientAddress } from '@jz/contracts/client';
import { Form, Modal } from 'antd';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import { useClientMutations } from '../api/client.ts';
import { AddressFields } from './AddressFields.tsx';

/** 新增地址 / 编辑地址 of a client: open while `address` is not null ({} adds one). */
export function AddressModal(props: { clientId: number; address: Partial<ClientAddress> | null; onClose: () => void }) {
  const m = useClientMutations();
  const submitting = useSubmitting();
  const [form] = Form.useForm();
  const a = props.address;
  return (
    <Modal
      title={a?.id ? '编辑地址' : '新增地址'}
      open={a !== null}
      destroyOnHidden
      width={640}
      confirmLoading={submitting.running}
      onCancel={props.onClose}
      onOk={() =>
        submitting.run(async () => {
          const v = await form.validateFields();
          if (a?.id) await m.editAddress.mutateAsync({ ...v, id: a.id });
          else await m.addAddress.mutateAsync({ ...v, clientId: props.clientId });
          props.onClose();
        })
      }
    >
      <Form form={form} layout="vertical" clearOnDestroy preserve={false} initialValues={a ?? undefined}>
        <AddressFields />
      </Form>
    </Modal>
  );
}
