import type { OrderCardPayment } from '@jz/contracts/order';
import { cardPaymentLabel, paidCash } from '@jz/contracts/constants/order';
import { Space, Tag, Typography } from 'antd';
import { yuan } from './money.ts';

/**
 * A card-paid order's money as docs/ledger.md counts it: its list price is not what came in (the card's money was
 * paid at the sale); the card cash the visit used is (a 次卡's price / N, a 储值卡's cash part), and a 储值卡's bonus
 * is a gift, never income.
 */
type Paid = { payAmount: number; cardPayment?: OrderCardPayment | null };

/** A list cell: the money, and under it the card (次卡 2/10) when paid with one (shared with 员工详情). */
export { CardPaidCell as PaidCell } from '../../../../components/card-paid/CardPaidCell.tsx';

/** The drawer's 实付金额: the card cash, with the bonus apart for a 储值卡. */
export function PaidAmount({ order }: { order: Paid }) {
  const p = order.cardPayment;
  if (!p) return <>{yuan(order.payAmount)}</>;
  return (
    <Space size={4} wrap data-testid="order-paid">
      <span>{yuan(paidCash(order))}</span>
      <Typography.Text type="secondary">
        {p.kind === 'times' ? '（卡内本金，按次分摊）' : '（卡内本金）'}
        {p.bonus > 0 ? `＋赠送 ${yuan(p.bonus)}（不计收入）` : ''}
      </Typography.Text>
    </Space>
  );
}

/** The drawer's 支付方式: 在线支付, or the card and which visit, and whether it went back to the card. */
export function PaidBy({ order }: { order: Paid & { payNo?: string | null } }) {
  const p = order.cardPayment;
  if (!p) return <>{order.payNo ? '在线支付' : '-'}</>;
  return (
    <Space size={4} wrap data-testid="order-paid-by">
      <span>{cardPaymentLabel(p)}</span>
      {p.payMethod === 'offline' && <Tag>线下售卡</Tag>}
      {p.restored && <Tag color="warning">已退回卡内</Tag>}
    </Space>
  );
}

/** One line for a printed sheet or a message: '¥33.33（次卡：日常保洁 3 次卡（第 2 次 / 共 3 次））'. */
export const paidText = (order: Paid) =>
  order.cardPayment
    ? `${yuan(order.cardPayment.cash)}（${cardPaymentLabel(order.cardPayment)}）`
    : yuan(order.payAmount);
