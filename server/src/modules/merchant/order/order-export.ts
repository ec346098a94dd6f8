import { cardPaymentLabel, ORDER_STATUS_NAME, type OrderStatus, paidCash } from '@jz/contracts/order';
import type { ExportCell, ExportColumn } from '../../../lib/export/table-export.ts';
import { dayjs, TZ } from '../../../lib/time.ts';
import type { exportOrders } from './order.repo.ts';

/**
 * The 订单 export's columns and rows (pay/dingdan/export): the order's goods and specification snapshot as placed
 * (docs/goods-specifications.md §3) — 规格, 数量 as it reads ('3 小时', '× 2', '120 平方米'), 单价, 面积, 服务时长.
 * A card-paid order's 实付 is the card cash it used (docs/ledger.md: its money came in at the card's sale; a bonus is
 * no payment) and 支付方式 names the card; the columns before 支付方式 keep their places.
 */
const time = (iso: string | null) => (iso ? dayjs(iso).tz(TZ).format('YYYY-MM-DD HH:mm') : '');
const REFUND = ['无', '退款中', '已退款', '退款失败'];

export const ORDER_COLUMNS: ExportColumn[] = [
  { header: '订单号', width: 24 },
  { header: '店铺', width: 24 },
  { header: '商品', width: 20 },
  { header: '规格', width: 14 },
  { header: '数量', width: 12 },
  { header: '单价(元)', width: 10, kind: 'money' },
  { header: '面积(㎡)', width: 9, kind: 'integer' },
  { header: '服务时长(分钟)', width: 13, kind: 'integer' },
  { header: '金额(元)', width: 10, kind: 'money' },
  { header: '实付(元)', width: 10, kind: 'money' },
  { header: '状态', width: 8 },
  { header: '退款', width: 8 },
  { header: '联系人', width: 10 },
  { header: '联系电话', width: 14 },
  { header: '服务地址', width: 40 },
  { header: '预约时间', width: 17 },
  { header: '服务人员', width: 10 },
  { header: '下单时间', width: 17 },
  { header: '完成时间', width: 17 },
  { header: '取消原因', width: 24 },
  { header: '支付方式', width: 36 },
];

type ExportedOrder = Awaited<ReturnType<typeof exportOrders>>[number];

/** '在线支付', the card ('次卡：… （第 2 次 / 共 10 次）'), or '' before payment. */
function paidBy(r: ExportedOrder) {
  const p = r.cardPayment;
  if (!p) return r.paidAt ? '在线支付' : '';
  const bonus = p.bonus > 0 ? `，另用赠送 ${(p.bonus / 100).toFixed(2)} 元` : '';
  return `${cardPaymentLabel(p)}${bonus}${p.restored ? '（已退回卡内）' : ''}`;
}

/** One order as a row of ORDER_COLUMNS (orders from before specifications: no 规格, 数量 '2次', 单价 = goods price). */
export const orderExportRow = (r: ExportedOrder): ExportCell[] => [
  r.orderNo,
  r.shopName,
  r.goodsName,
  r.specName ?? '',
  r.quantityLabel,
  r.unitPrice ?? r.goodsPrice,
  r.area,
  r.durationMinutes,
  r.amount,
  paidCash(r),
  ORDER_STATUS_NAME[r.status as OrderStatus],
  REFUND[r.refundStatus] ?? '',
  r.customerName,
  r.customerPhone,
  r.address,
  time(r.appointmentAt),
  r.employeeName ?? '',
  time(r.createdAt),
  time(r.completedAt),
  r.cancelReason ?? '',
  paidBy(r),
];
