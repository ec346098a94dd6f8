import { Form, Modal } from 'antd';
import { useEffect } from 'react';
import type { ShopInfo } from '@jz/contracts/shop';
import { fromFormValues, ShopFields, type ShopFormValues, toFormValues } from './ShopFields.tsx';
import type { ShopInput } from '../api/shop.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';

/** Add or edit a shop's essentials in a dialog (店铺管理 / 分店管理); the full record is edited on 店铺信息. */
export function ShopFormModal(props: {
  open: boolean;
  title: string;
  initial?: Partial<ShopInfo> | null;
  onSubmit: (v: ShopInput & { name: string }) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ShopFormValues>();
  useEffect(() => {
    if (props.open) form.setFieldsValue(toFormValues(props.initial) as ShopFormValues);
  }, [props.open, props.initial, form]);
  const submitting = useSubmitting();
  return (
    <Modal
      title={props.title}
      open={props.open}
      // Room for the location map; at most 90 % of a narrow window.
      width={{ xs: '90%', md: 820, xxl: 900 }}
      onCancel={props.onClose}
      destroyOnHidden
      okText="保存"
      confirmLoading={submitting.running}
      onOk={() =>
        submitting.run(async () => {
          const v = await form.validateFields().catch(() => null);
          if (!v) return; // the form shows what is wrong
          await props.onSubmit(fromFormValues(v, false));
          props.onClose();
        })
      }
    >
      <Form clearOnDestroy form={form} name="shopDialog" labelCol={{ span: 4 }} preserve={false}>
        <ShopFields />
      </Form>
    </Modal>
  );
}
