import { z } from 'zod';
import { optionalDate, optionalText, pageQuery } from './common.ts';

/**
 * domain.md orders: the state machine. 10 待付款 -> 20 待接单 -> 30 待服务 -> 40 服务中 -> 50 已完成 -> 60 已评价;
 * 70 已取消 from 10 (unpaid timeout), 20 and 30 (merchant cancel, with refund). Dictionary `order_status`.
 */
export const ORDER_STATUS = {
  UNPAID: 10,
  WAITING: 20,
  TO_SERVE: 30,
  SERVING: 40,
  DONE: 50,
  REVIEWED: 60,
  CANCELLED: 70,
} as const;
export const ORDER_STATUSES = [10, 20, 30, 40, 50, 60, 70] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_NAME: Record<OrderStatus, string> = {
  10: '待付款',
  20: '待接单',
  30: '待服务',
  40: '服务中',
  50: '已完成',
  60: '已评价',
  70: '已取消',
};

/** 0 无 / 1 退款中 / 2 已退款 / 3 退款失败 (dictionary `order_refund_status`). */
export const REFUND_STATUS = { NONE: 0, PENDING: 1, DONE: 2, FAILED: 3 } as const;

/** An unpaid order is cancelled by the job after this long. */
export const UNPAID_TIMEOUT_MINUTES = 30;
/** Wrong verification codes a merchant may enter per window before shangjiaYanquan refuses. */
export const VERIFY_LIMIT = { maxFailures: 10, windowMinutes: 10 } as const;

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
  startDate: optionalDate,
  endDate: optionalDate,
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
export interface FilterOption {
  id: number;
  name: string;
  shopId: number;
  shopName: string;
}
export interface FilterOptions {
  employees: FilterOption[];
  goods: FilterOption[];
}

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

export const dakuanQuery = pageQuery.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
  orderNo: optionalText(40),
  startDate: optionalDate,
  endDate: optionalDate,
});

/** An order as merchant lists show it: phone masked, never the verification code. */
export interface Order {
  id: number;
  orderNo: string;
  merchantId: number;
  shopId: number;
  shopName: string;
  goodsId: number;
  goodsName: string;
  goodsCover: string | null;
  goodsPrice: number;
  quantity: number;
  unit: string;
  customerName: string;
  /** Masked: 138****0001. */
  customerPhone: string;
  address: string;
  appointmentAt: string;
  remark: string | null;
  amount: number;
  payAmount: number;
  status: OrderStatus;
  refundStatus: number;
  employeeId: number | null;
  employeeName: string | null;
  cancelReason: string | null;
  paidAt: string | null;
  acceptedAt: string | null;
  verifiedAt: string | null;
  completedAt: string | null;
  reviewedAt: string | null;
  cancelledAt: string | null;
  createdAt: string;
}

export interface OrderTimelineItem {
  id: number;
  fromStatus: number | null;
  toStatus: number;
  action: string;
  operatorType: 'merchant' | 'customer' | 'system';
  operatorName: string;
  remark: string | null;
  createdAt: string;
}

/** findById: the whole phone (the merchant serves the customer), the map point and the timeline. Never the code. */
export interface OrderDetail extends Order {
  customerPhoneFull: string;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  lat: number | null;
  lng: number | null;
  payNo: string | null;
  employeePhone: string | null;
  timeline: OrderTimelineItem[];
  settlement: { id: number; amount: number; commission: number; status: number; unfreezeAt: string } | null;
  review: { id: number; rating: number; content: string; merchantReply: string | null } | null;
}

export type OrderPage = { records: Order[]; total: number; counts: Record<string, number> };

/** An event of the live stream (SSE `event: order`), one per transition. */
export interface OrderEvent {
  id: number;
  kind: 'new' | 'accepted' | 'verified' | 'completed' | 'cancelled' | 'reviewed' | 'reassigned';
  orderId: number;
  orderNo: string;
  shopId: number;
  status: number;
  goodsName: string;
  amount: number;
  createdAt: string;
  /** The shop's newOrderSound setting at the time of the event. */
  sound: boolean;
}

export interface StreamTicket {
  ticket: string;
  expiresAt: string;
  /** The path to open with EventSource (relative to {host}/tmpl). */
  url: string;
}

export interface Dakuan {
  id: number;
  orderId: number;
  orderNo: string;
  shopId: number;
  orderAmount: number;
  commissionRate: number;
  commission: number;
  amount: number;
  status: number;
  completedAt: string;
  unfreezeAt: string;
  unfrozenAt: string | null;
}

export interface DakuanHuizong {
  frozen: { count: number; amount: number };
  unfrozen: { count: number; amount: number };
  total: { count: number; amount: number; orderAmount: number; commission: number };
}

export interface VerifyResult {
  order: Order;
}
