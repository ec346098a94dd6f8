import { CARD_KINDS } from '@jz/contracts/constants/card';
import type { OrderCardPayment } from '@jz/contracts/order';
import { cardPaymentLabel } from '@jz/contracts/constants/order';
import { Space, Typography } from 'antd';
import { formatYuan } from '../../lib/format.ts';

/** '次卡 2/10', '储值卡': short enough for a list cell; the full label is its tooltip. */
export const cardPaymentShort = (p: OrderCardPayment) =>
  p.kind === 'times' && p.visitNo !== null ? `${CARD_KINDS.times} ${p.visitNo}/${p.totalVisits}` : CARD_KINDS[p.kind];

/**
 * A list cell of what an order brought in (订单管理, 验券, 员工详情): a card-paid order's list price is not what came in
 * (docs/ledger.md), so it shows the card cash the visit used and the card (次卡 2/10).
 */
export function CardPaidCell({ order }: { order: { payAmount: number; cardPayment?: OrderCardPayment | null } }) {
  const p = order.cardPayment;
  if (!p) return <>{formatYuan(order.payAmount)}</>;
  return (
    <Space orientation="vertical" size={0} data-testid="paid-cell">
      <span>{formatYuan(p.cash)}</span>
      <Typography.Text type="secondary" ellipsis={{ tooltip: cardPaymentLabel(p) }} style={{ fontSize: 12 }}>
        {cardPaymentShort(p)}
        {p.restored ? ' · 已退回' : ''}
      </Typography.Text>
    </Space>
  );
}
