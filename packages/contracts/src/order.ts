import { z } from 'zod';
import { optionalDate, optionalText, pageQuery } from './common.ts';
import { pageOf } from './contract.ts';
import { orderSpecSnapshot } from './goods-pricing.ts';
import { orderStaffSteps } from './staff.ts';
import { ORDER_STATUSES } from './constants/order.ts';
// Constants, labels and helpers without schemas (constants/order.ts), re-exported for the server and existing imports.
export * from './constants/order.ts';

export const verifyCodeSchema = z
  .string({ error: '请输入券码' })
  .trim()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{12}$/, '券码为 12 位数字'));

const id = z.coerce.number({ error: '请指定订单' }).int('请指定订单').positive('请指定订单');

/** findAllByPage filters. shopId: empty = current shop, 'all' = every shop of the merchant. */
export const orderQuery = pageQuery.extend({
  shopId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.union([z.literal('all'), z.coerce.number().int().positive()]).optional(),
  ),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .refine((n) => (ORDER_STATUSES as readonly number[]).includes(n), '订单状态不正确')
      .optional(),
  ),
  orderNo: optionalText(40),
  customerPhone: optionalText(20),
  goodsName: optionalText(60),
  employeeId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  /** 下单日期 (Shanghai days, inclusive). */
  startDate: optionalDate,
  endDate: optionalDate,
  /** 预约日期: the appointment's Shanghai day, inclusive. */
  appointmentStartDate: optionalDate,
  appointmentEndDate: optionalDate,
});
export type OrderQuery = z.infer<typeof orderQuery>;

/** yanquan/findAllByPage (验券记录) filters: the dates are those of the verification. */
export const verifyHistoryQuery = orderQuery.pick({
  pageNum: true,
  pageSize: true,
  shopId: true,
  orderNo: true,
  customerPhone: true,
  startDate: true,
  endDate: true,
});
export type VerifyHistoryQuery = z.infer<typeof verifyHistoryQuery>;

/** findFilterOptions: the employees and goods the order and review lists can be filtered by (the caller's shops). */
export const filterOption = z.object({
  id: z.number().int(),
  name: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
});
export type FilterOption = z.infer<typeof filterOption>;
export const filterOptions = z.object({ employees: z.array(filterOption), goods: z.array(filterOption) });
export type FilterOptions = z.infer<typeof filterOptions>;

export const setYuangongBody = z.object({
  id,
  yuangongId: z.coerce.number({ error: '请选择员工' }).int('请选择员工').positive('请选择员工'),
});
export const cancelBody = z.object({
  id,
  reason: z.string({ error: '请填写取消原因' }).trim().min(2, '取消原因至少 2 个字').max(200, '取消原因最多 200 字'),
});
export const yanquanBody = z.object({ code: verifyCodeSchema });
export const querenBody = z.object({ id });
export const orderIdQuery = z.object({ id });

/** The live order taking's shop: empty = current shop, 'all' = every shop of the merchant. */
export const orderShopQuery = orderQuery.pick({ shopId: true });

/** pay/dingdan/export: the list's filters (no paging) and the file format, xlsx (default) or csv. */
export const orderExportBody = orderQuery.omit({ pageNum: true, pageSize: true }).extend({
  format: z.enum(['xlsx', 'csv'], { error: '导出格式须为 xlsx 或 csv' }).default('xlsx'),
});

/** GET pay/dingdan/stream: the one-time ticket and where to resume (also the Last-Event-ID header). */
export const streamQuery = z.object({
  ticket: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, '实时连接凭证无效'),
  lastEventId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
});

export const settlementQuery = pageQuery.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
  orderNo: optionalText(40),
  startDate: optionalDate,
  endDate: optionalDate,
});

/**
 * How an order was paid with a prepaid card, and the money it stands for (docs/ledger.md "预收: prepaid cards"): the
 * order's own amount is its list price, but the card's money came in at the sale. `cash` is the card cash the
 * redemption used, what the ledger recognises when the visit is served (a 次卡: price paid / N, the remainder on the
 * last visit; a 储值卡: the cash part); `bonus` is the 储值卡's gift part, never income. Fen.
 */
export const orderCardPayment = z.object({
  cardId: z.number().int(),
  cardNo: z.string(),
  kind: z.enum(['times', 'value']),
  cardName: z.string(),
  /** 次卡: which of the card's visits this order used (1-based) and how many it holds; null for a 储值卡. */
  visitNo: z.number().int().nullable(),
  totalVisits: z.number().int().nullable(),
  cash: z.number().int(),
  bonus: z.number().int(),
  /** offline: sold for money the merchant already holds, so a served visit settles 0; online: settled per visit. */
  payMethod: z.enum(['online', 'offline']),
  /** The order was cancelled and the visit or value went back to the card. */
  restored: z.boolean(),
});
export type OrderCardPayment = z.infer<typeof orderCardPayment>;

/**
 * A row of the merchant's order list (订单管理, the mini-program's list): what its columns and row actions show. The
 * phone is masked; the verification code never leaves the server, nor does the goods cover (the detail shows it).
 */
export const orderRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  goodsName: z.string(),
  /** The chosen specification's name (2小时, ≤60㎡); null on orders that have none. */
  specName: z.string().nullable(),
  quantity: z.number().int(),
  unit: z.string(),
  /** '× 2', '3 小时', '120 平方米', '85 平方米' (a band's area); orders from before specifications: '2次'. */
  quantityLabel: z.string(),
  /** The order's amount to pay (its list price, also for a card-paid order: see cardPayment for its money). */
  payAmount: z.number().int(),
  /** Paid with a prepaid card: which card and the card money it used; null otherwise. */
  cardPayment: orderCardPayment.nullable().optional(),
  customerName: z.string(),
  /** Masked: 138****0001. */
  customerPhone: z.string(),
  appointmentAt: z.string(),
  status: z.literal(ORDER_STATUSES),
  refundStatus: z.number().int(),
  employeeId: z.number().int().nullable(),
  employeeName: z.string().nullable(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderRow>;

/** findAllByPage: the page and the counts per status under the same filters (`all` and each status). */
export const orderPage = pageOf(orderRow).extend({ counts: z.record(z.string(), z.number().int()) });
export type OrderPage = z.infer<typeof orderPage>;

/** 订单接单's queue: the row plus when it was paid, where and the customer's remark. */
export const waitingOrder = orderRow.extend({
  address: z.string(),
  remark: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type WaitingOrder = z.infer<typeof waitingOrder>;

/** 验券记录: the row plus when it was verified. */
export const verifiedOrder = orderRow.extend({ verifiedAt: z.string().nullable() });
export const verifyHistoryPage = pageOf(verifiedOrder).extend({
  /** Wrong codes entered in the last 10 minutes. */
  recentFailures: z.number().int(),
});

/** shangjiaYanquan: the verified order as the verify page shows it (never the code). */
export const verifyResult = z.object({ order: orderRow.extend({ address: z.string() }) });
export type VerifyResult = z.infer<typeof verifyResult>;

/**
 * shangjiaYanquan/check: the order a code would start, looked up without using the code (nothing changes; a wrong
 * code still counts toward the limit). `question`: what to ask before using it when the appointment is far ('' none).
 */
export const verifyCheckResult = z.object({
  order: orderRow.extend({ address: z.string() }),
  question: z.string(),
});
export type VerifyCheckResult = z.infer<typeof verifyCheckResult>;

export const orderTimelineItem = z.object({
  id: z.number().int(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int(),
  action: z.string(),
  /** `staff`: the employee on the staff page (阿姨端). */
  operatorType: z.enum(['merchant', 'customer', 'system', 'staff']),
  operatorName: z.string(),
  remark: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderTimelineItem = z.infer<typeof orderTimelineItem>;

/**
 * findById (the detail drawer): the whole phone (the merchant serves the customer), the goods and specification
 * snapshot (unit price, area, the job's minutes: docs/goods-specifications.md §3), the map point,
 * the employee, the settlement, the review and the timeline. Never the code.
 */
export const orderDetail = orderRow.extend({
  ...orderSpecSnapshot.shape,
  /** The goods the order was placed for. */
  goodsId: z.number().int(),
  goodsCover: z.string().nullable(),
  goodsPrice: z.number().int(),
  amount: z.number().int(),
  address: z.string(),
  remark: z.string().nullable(),
  cancelReason: z.string().nullable(),
  customerPhoneFull: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  payNo: z.string().nullable(),
  /** Masked. */
  employeePhone: z.string().nullable(),
  /** The merchant's customer record (客户档案) the order is linked to once paid; null before. */
  clientId: z.number().int().nullable(),
  timeline: z.array(orderTimelineItem),
  settlement: z
    .object({
      id: z.number().int(),
      amount: z.number().int(),
      commission: z.number().int(),
      status: z.number().int(),
      unfreezeAt: z.string(),
      /**
       * A visit of a card sold offline: settled 0 because the merchant took the card's money at the sale (线下卡项，无需
       * 结算); its status says 已解冻 only because nothing was ever frozen.
       */
      offlineCard: z.boolean().optional(),
    })
    .nullable(),
  review: z
    .object({
      id: z.number().int(),
      rating: z.number().int(),
      content: z.string(),
      merchantReply: z.string().nullable(),
    })
    .nullable(),
  /** The employee's steps on the staff page (出发, 到达 with distance and flag, 开始, 完成 with photos); null: none. */
  staffSteps: orderStaffSteps.nullable().optional(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** findYuangong: the shop's employees who can take the order, least busy first (phone masked). */
export const assignableEmployee = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  workState: z.number().int(),
  rating: z.number(),
  /** Orders it has to serve (30 / 40). */
  load: z.number().int(),
  /** The order's current employee. */
  current: z.boolean(),
});

/** An event of the live stream (SSE `event: order`), one per transition. */
export interface OrderEvent {
  id: number;
  kind:
    | 'new'
    | 'accepted'
    | 'verified'
    | 'completed'
    | 'cancelled'
    | 'reviewed'
    | 'reassigned'
    | 'rescheduled'
    /** Staff steps without a status change (docs/staff.md): 出发, 到达 (clock-in), no clock-in 15 min after the start. */
    | 'departed'
    | 'arrived'
    | 'late';
  orderId: number;
  orderNo: string;
  shopId: number;
  status: number;
  goodsName: string;
  /**
   * The specification as the new-order notice names it after the goods ('3 小时 · 100㎡', '61–90㎡ · 3 小时 · 85㎡',
   * '× 2'); null when the order says nothing more than its goods (order-stream.repo.ts `noticeSpec`).
   */
  spec?: string | null;
  amount: number;
  createdAt: string;
  /** The order's appointment (ISO) and its address in short (the new-order notification shows both). */
  appointmentAt: string;
  address: string;
  /** The shop's newOrderSound setting at the time of the event. */
  sound: boolean;
  /** The order's employee now (the 迟到提醒 names her); null: not assigned. Never her phone. */
  employeeName?: string | null;
}

export const streamTicket = z.object({
  ticket: z.string(),
  expiresAt: z.string(),
  /** The path to open with EventSource (relative to {host}/tmpl). */
  url: z.string(),
});
export type StreamTicket = z.infer<typeof streamTicket>;
