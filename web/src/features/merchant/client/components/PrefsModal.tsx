import type { ClientDetail } from '@jz/contracts/client';
import { Form, Modal, Select } from 'antd';
import { selectStates } from '../../../../components/select-states.tsx';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import { useClientMutations, useEmployeeOptions } from '../api/client.ts';

interface Values {
  preferred: number[];
  blocked: number[];
}

/**
 * 偏好员工 / 不派员工: both lists replace the stored ones (kehu/prefs). An employee chosen in one list is left out of
 * the other's options (the server refuses one in both). The suggestions rank a preferred employee first and leave a
 * blocked one out, and assignment refuses her (docs/dispatch.md §3.2).
 */
export function PrefsModal(props: { client: ClientDetail; open: boolean; onClose: () => void }) {
  const c = props.client;
  const [form] = Form.useForm<Values>();
  const submitting = useSubmitting();
  const { setPrefs } = useClientMutations();
  const employees = useEmployeeOptions(props.open);
  const preferred = Form.useWatch('preferred', form) ?? [];
  const blocked = Form.useWatch('blocked', form) ?? [];
  // Stored preferences whose employee left (resigned) still show by name until removed.
  const known = new Map<number, string>(c.prefs.map((p) => [p.employeeId, p.employeeName]));
  for (const e of employees.data ?? []) known.set(e.id, e.name);
  const options = (exclude: number[]) =>
    [...known].filter(([id]) => !exclude.includes(id)).map(([value, label]) => ({ value, label }));
  const ids = (kind: 'preferred' | 'blocked') => c.prefs.filter((p) => p.kind === kind).map((p) => p.employeeId);
  return (
    <Modal
      title="偏好与不派员工"
      open={props.open}
      destroyOnHidden
      confirmLoading={submitting.running}
      onCancel={props.onClose}
      onOk={() =>
        submitting.run(async () => {
          const v = await form.validateFields();
          await setPrefs.mutateAsync({ clientId: c.id, preferred: v.preferred ?? [], blocked: v.blocked ?? [] });
          props.onClose();
        })
      }
    >
      <Form
        form={form}
        layout="vertical"
        clearOnDestroy
        preserve={false}
        initialValues={{ preferred: ids('preferred'), blocked: ids('blocked') }}
      >
        <Form.Item label="偏好员工" name="preferred" extra="客户满意、希望再来的员工：派单推荐时排在最前（最多 10 位）">
          <Select
            mode="multiple"
            maxCount={10}
            optionFilterProp="label"
            options={options(blocked)}
            {...selectStates(employees, { placeholder: '选择员工' })}
          />
        </Form.Item>
        <Form.Item
          label="不派员工"
          name="blocked"
          extra="客户不希望再上门的员工：不再推荐，也不能指派给该客户的订单（最多 20 位）"
        >
          <Select
            mode="multiple"
            maxCount={20}
            optionFilterProp="label"
            options={options(preferred)}
            {...selectStates(employees, { placeholder: '选择员工' })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
