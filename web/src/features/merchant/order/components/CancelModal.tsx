import { CARD_KINDS } from '@jz/contracts/constants/card';
import { cancelBody, type OrderCardPayment } from '@jz/contracts/order';
import { ORDER_STATUS } from '@jz/contracts/constants/order';
import { Alert, Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useOrderMutations } from '../api/order.ts';
import { yuan } from './money.ts';

/**
 * 拒单 (an order still waiting to be taken) or 取消订单 (one already taken): the same call (shangjiaCancel), named for
 * what the merchant does. 待接单 is refused, later states are cancelled.
 */
export type CancelMode = 'reject' | 'cancel';
export const cancelModeOf = (status: number | undefined): CancelMode =>
  status === undefined || status === ORDER_STATUS.WAITING ? 'reject' : 'cancel';

const WORDS = {
  reject: { title: '拒单', noun: '拒单原因', ok: '确认拒单并退款', verb: '拒单' },
  cancel: { title: '取消订单', noun: '取消原因', ok: '确认取消并退款', verb: '取消' },
} as const;

/**
 * The reason, checked by the server's own schema, with its words: one message at a time (empty says 请填写…, then the
 * length), never a second copy of the first.
 */
const reasonRules = (noun: string): Rule[] => [
  { required: true, whitespace: true, message: `请填写${noun}` },
  {
    validator: async (_rule, value) => {
      const r = cancelBody.shape.reason.safeParse(value);
      if (!r.success) throw new Error((r.error.issues[0]?.message ?? '输入无效').replace('取消原因', noun));
    },
  },
];

/**
 * What goes back: a card-paid order gives its visit or value back to the card (restore) and calls no payment provider
 * (docs/ledger.md "Cancel"); any other paid order is refunded in full through the provider.
 */
function whatGoesBack(verb: string, payAmount: number | undefined, p: OrderCardPayment | null | undefined) {
  if (!p) return `${verb}后将原路退还客户实付金额 ${yuan(payAmount)}，此操作不可撤销。`;
  const what =
    p.kind === 'times'
      ? '本单使用的 1 次'
      : `本单使用的 ${yuan(p.cash + p.bonus)}${p.bonus > 0 ? `（本金 ${yuan(p.cash)}，赠送 ${yuan(p.bonus)}）` : ''}`;
  return `${verb}后将把${what}退回${CARD_KINDS[p.kind]}「${p.cardName}」，不经支付渠道退款，此操作不可撤销。`;
}

/** 拒单 / 取消订单 (shangjiaCancel): a reason is required; the paid amount (or the card's visit or value) goes back. */
export function CancelModal(props: {
  order: {
    id: number;
    orderNo: string;
    payAmount: number;
    status?: number;
    cardPayment?: OrderCardPayment | null;
  } | null;
  /** By default from the order's state (cancelModeOf). */
  mode?: CancelMode;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const { cancel } = useOrderMutations();
  const w = WORDS[props.mode ?? cancelModeOf(props.order?.status)];
  const submit = async () => {
    // A rejected validation is shown by the form itself: it must not escape as an uncaught error.
    const v = await form.validateFields().catch(() => null);
    if (!v || !props.order) return;
    await cancel.mutateAsync({ id: props.order.id, reason: v.reason }).then(props.onClose, () => undefined);
  };
  return (
    <Modal
      title={`${w.title} · ${props.order?.orderNo ?? ''}`}
      open={!!props.order}
      onCancel={props.onClose}
      onOk={submit}
      okText={props.order?.cardPayment ? w.ok.replace('退款', '退回卡内') : w.ok}
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      cancelText="返回"
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={whatGoesBack(w.verb, props.order?.payAmount, props.order?.cardPayment)}
      />
      <Form clearOnDestroy form={form} name="order-cancel" layout="vertical" preserve={false}>
        <Form.Item name="reason" label={w.noun} required validateFirst rules={reasonRules(w.noun)}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={`请填写${w.noun}，客户可见`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
