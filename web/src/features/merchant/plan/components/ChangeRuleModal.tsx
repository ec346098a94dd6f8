import type { PlanDetail } from '@jz/contracts/plan';
import { Alert, DatePicker, Form, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useConfirm } from '../../../../components/confirm.ts';
import { toApiDate } from '../../../../lib/format.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import { pickerNow } from '../../../../lib/zone.ts';
import type { usePlanMutations } from '../api/plan.ts';
import { beforeToday, RuleFields, StartTimeField } from './RuleFields.tsx';
import { previewRule, ruleBody } from './plan-form.ts';

type ChangeBody = Parameters<ReturnType<typeof usePlanMutations>['change']['mutateAsync']>[0];
interface Values {
  fromDate: Dayjs | null;
  ruleKind: 'weekly' | 'monthly';
  weekdays: number[];
  everyWeeks: number;
  monthDay?: number;
  startTime: string;
}

/**
 * 改时间/规则 from a day on: unbooked visits follow; orders already booked keep their time and are marked 原时间 in the
 * list, to 改约 in the order or keep.
 */
export function ChangeRuleModal(props: {
  open: boolean;
  plan: PlanDetail;
  onClose: () => void;
  onSubmit: (v: ChangeBody) => Promise<unknown>;
}) {
  const [form] = Form.useForm<Values>();
  const submitting = useSubmitting();
  const { confirmWarning } = useConfirm();
  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const r = props.plan.rule;
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const from = toApiDate(v.fromDate);
    const text = previewRule(v);
    if (!(await confirmWarning(`从 ${from} 起改为「${text}」？已下单的订单保持原时间，可在订单中改约。`))) return;
    await props.onSubmit({ id: props.plan.id, fromDate: from, ...ruleBody(v) });
    props.onClose();
  };
  return (
    <Modal
      title="改时间 / 规则"
      open={props.open}
      destroyOnHidden
      confirmLoading={submitting.running}
      onOk={() => submitting.run(submit)}
      onCancel={props.onClose}
    >
      <Form<Values>
        form={form}
        name="planChange"
        layout="vertical"
        clearOnDestroy
        preserve={false}
        scrollToFirstError
        initialValues={{
          fromDate: pickerNow(),
          ruleKind: r.ruleKind,
          weekdays: r.weekdays,
          everyWeeks: r.everyWeeks,
          monthDay: r.monthDay ?? undefined,
          startTime: r.startTime,
        }}
      >
        <Alert type="info" style={{ marginBottom: 12 }} title={`当前规则：${r.text}`} />
        <Form.Item name="fromDate" label="生效日期" rules={[{ required: true, message: '请选择生效日期' }]}>
          <DatePicker disabledDate={beforeToday} />
        </Form.Item>
        <RuleFields />
        <StartTimeField />
        {values && previewRule(values) && <Alert type="success" title={`新规则：${previewRule(values)}`} />}
      </Form>
    </Modal>
  );
}
