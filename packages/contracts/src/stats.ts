import { z } from 'zod';
import { cardFlows } from './card.ts';
import { orderCardPayment } from './order.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

/** Empty = the caller's current shop, 'all' = every shop of the merchant, or one shop id. */
export const statsShop = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.union([z.literal('all'), z.coerce.number().int().positive()]).optional(),
);

/** The longest range a figure page may ask for, in days. */
export const MAX_RANGE_DAYS = 366;

/** A Shanghai calendar-day range [startDate, endDate] (both included); empty = the last 7 days up to today. */
export const statsRange = z
  .object({
    shopId: statsShop,
    startDate: z.preprocess((v) => (v === '' ? undefined : v), day.optional()),
    endDate: z.preprocess((v) => (v === '' ? undefined : v), day.optional()),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    message: '开始日期不能晚于结束日期',
    path: ['endDate'],
  });
export type StatsRange = z.infer<typeof statsRange>;

export const EMPLOYEE_SORT_FIELDS = ['ordersServed', 'revenue', 'avgRating', 'cancellations', 'reviewCount'] as const;
export type EmployeeSortField = (typeof EMPLOYEE_SORT_FIELDS)[number];

export const employeeStatsQuery = z
  .object({
    shopId: statsShop,
    startDate: z.preprocess((v) => (v === '' ? undefined : v), day.optional()),
    endDate: z.preprocess((v) => (v === '' ? undefined : v), day.optional()),
    sortField: z.preprocess((v) => (v === '' ? undefined : v), z.enum(EMPLOYEE_SORT_FIELDS).optional()),
    sortOrder: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['asc', 'desc']).optional()),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    message: '开始日期不能晚于结束日期',
    path: ['endDate'],
  });
export type EmployeeStatsQuery = z.infer<typeof employeeStatsQuery>;

const int = () => z.number().int();

export const employeeStatsRow = z.object({
  employeeId: int(),
  name: z.string(),
  shopId: int(),
  shopName: z.string(),
  workState: int(),
  /** Orders completed (50/60) in the range, by completion time. */
  ordersServed: int(),
  /** Cash of those orders, fen: the amount paid, or for a card-paid order the card cash it used (bonus excluded). */
  revenue: int(),
  /** Average rating of the reviews posted in the range; null without reviews. */
  avgRating: z.number().nullable(),
  reviewCount: int(),
  /** Orders of the employee cancelled in the range. */
  cancellations: int(),
});
export type EmployeeStatsRow = z.infer<typeof employeeStatsRow>;

export const employeeStats = z.object({
  startDate: z.string(),
  endDate: z.string(),
  rows: z.array(employeeStatsRow),
});
export type EmployeeStats = z.infer<typeof employeeStats>;

export const dailyPoint = z.object({
  date: z.string(),
  orders: int(),
  /** fen */
  paidAmount: int(),
});
export type DailyPoint = z.infer<typeof dailyPoint>;

export const rankItem = z.object({
  id: int().nullable(),
  name: z.string(),
  orders: int(),
  /** fen */
  amount: int(),
});
export type RankItem = z.infer<typeof rankItem>;

export const operationsStats = z.object({
  startDate: z.string(),
  endDate: z.string(),
  /** Orders paid in the range (by payment time), online or with a card. */
  orders: int(),
  /**
   * fen: the cash of those orders: the amount paid online, or for a card-paid order the card cash its redemption used
   * (a 次卡's price / N, a 储值卡's cash part; never the list price, never the bonus). Card sales are not in it (预收).
   */
  paidAmount: int(),
  /** Of those, the orders paid with a card and the card cash they used (included in paidAmount). */
  cardOrders: int(),
  cardPaidAmount: int(),
  /** fen, rounded down */
  avgOrderValue: int(),
  /** Orders cancelled with a refund (退款中/已退款) in the range, and their cash (fen; card-paid: the card cash). */
  refundCount: int(),
  refundAmount: int(),
  /** Customers who paid in the range: first paid order (in this scope) inside the range = new, before = returning. */
  customers: int(),
  newCustomers: int(),
  returningCustomers: int(),
  /** Reviews posted in the range; rating >= 4 is good. goodRate in [0, 1], null without reviews. */
  reviewCount: int(),
  goodReviews: int(),
  goodRate: z.number().nullable(),
  daily: z.array(dailyPoint),
  goodsRanking: z.array(rankItem),
  categoryShare: z.array(rankItem),
  /** 预收: the cards' sales, redemptions, recognised revenue, refunds and balances over the range (same scope). */
  cards: cardFlows,
});
export type OperationsStats = z.infer<typeof operationsStats>;

export const todayFigures = z.object({
  date: z.string(),
  /** Orders paid today. */
  newOrders: int(),
  /** status 20 now */
  waiting: int(),
  /** status 30 now */
  toServe: int(),
  /** Cash of today's orders not refunded (card-paid: the card cash used), fen. */
  revenue: int(),
  /** Reviews without a reply that can still be answered. */
  reviewsToAnswer: int(),
});
export type TodayFigures = z.infer<typeof todayFigures>;

export const employeeOrdersQuery = z.object({
  employeeId: z.coerce.number({ error: '请指定员工' }).int().positive('请指定员工'),
});

export const employeeOrderItem = z.object({
  id: int(),
  orderNo: z.string(),
  goodsName: z.string(),
  customerName: z.string(),
  appointmentAt: z.string(),
  status: int(),
  /** The order's list price, also for a card-paid order (cardPayment says what the card paid). */
  payAmount: int(),
  /** Paid with a prepaid card: the card and the card money it used (as the order list); null otherwise. */
  cardPayment: orderCardPayment.nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type EmployeeOrderItem = z.infer<typeof employeeOrderItem>;

export const employeeReviewItem = z.object({
  id: int(),
  orderNo: z.string(),
  goodsName: z.string(),
  /** 匿名用户 for an anonymous review. */
  customerNickname: z.string(),
  rating: int(),
  content: z.string(),
  merchantReply: z.string().nullable(),
  createdAt: z.string(),
});

export const employeeOrders = z.object({
  /** Orders in hand: 30 待服务 / 40 服务中. */
  current: z.array(employeeOrderItem),
  /** The latest finished or cancelled orders (50/60/70). */
  recent: z.array(employeeOrderItem),
  reviews: z.array(employeeReviewItem),
  reviewCount: int(),
  avgRating: z.number().nullable(),
});
export type EmployeeOrders = z.infer<typeof employeeOrders>;

/** The `format` field of the exports: xlsx (default) or csv (as the server's table export reads it). */
export const statsExportFormat = z.object({
  format: z.enum(['xlsx', 'csv'], { error: '导出格式须为 xlsx 或 csv' }).default('xlsx'),
});
