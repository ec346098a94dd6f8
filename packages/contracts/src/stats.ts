import { z } from 'zod';

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

export interface EmployeeStatsRow {
  employeeId: number;
  name: string;
  shopId: number;
  shopName: string;
  workState: number;
  /** Orders completed (50/60) in the range, by completion time. */
  ordersServed: number;
  /** Paid amount of those orders, fen. */
  revenue: number;
  /** Average rating of the reviews posted in the range; null without reviews. */
  avgRating: number | null;
  reviewCount: number;
  /** Orders of the employee cancelled in the range. */
  cancellations: number;
}

export interface EmployeeStats {
  startDate: string;
  endDate: string;
  rows: EmployeeStatsRow[];
}

export interface DailyPoint {
  date: string;
  orders: number;
  /** fen */
  paidAmount: number;
}

export interface RankItem {
  id: number | null;
  name: string;
  orders: number;
  /** fen */
  amount: number;
}

export interface OperationsStats {
  startDate: string;
  endDate: string;
  /** Orders paid in the range (by payment time). */
  orders: number;
  /** fen */
  paidAmount: number;
  /** fen, rounded down */
  avgOrderValue: number;
  /** Orders cancelled with a refund (退款中/已退款) in the range, and their amount (fen). */
  refundCount: number;
  refundAmount: number;
  /** Customers who paid in the range: first paid order (in this scope) inside the range = new, before = returning. */
  customers: number;
  newCustomers: number;
  returningCustomers: number;
  /** Reviews posted in the range; rating >= 4 is good. goodRate in [0, 1], null without reviews. */
  reviewCount: number;
  goodReviews: number;
  goodRate: number | null;
  daily: DailyPoint[];
  goodsRanking: RankItem[];
  categoryShare: RankItem[];
}

export interface TodayFigures {
  date: string;
  /** Orders paid today. */
  newOrders: number;
  /** status 20 now */
  waiting: number;
  /** status 30 now */
  toServe: number;
  /** Paid amount of today's orders not refunded, fen. */
  revenue: number;
  /** Reviews without a reply that can still be answered. */
  reviewsToAnswer: number;
}

export const employeeOrdersQuery = z.object({
  employeeId: z.coerce.number({ error: '请指定员工' }).int().positive('请指定员工'),
});

export interface EmployeeOrderItem {
  id: number;
  orderNo: string;
  goodsName: string;
  customerName: string;
  appointmentAt: string;
  status: number;
  payAmount: number;
  createdAt: string;
  completedAt: string | null;
}

export interface EmployeeReviewItem {
  id: number;
  orderNo: string;
  goodsName: string;
  customerNickname: string;
  rating: number;
  content: string;
  merchantReply: string | null;
  createdAt: string;
}

export interface EmployeeOrders {
  /** Orders in hand: 30 待服务 / 40 服务中. */
  current: EmployeeOrderItem[];
  /** The latest finished or cancelled orders (50/60/70). */
  recent: EmployeeOrderItem[];
  reviews: EmployeeReviewItem[];
  reviewCount: number;
  avgRating: number | null;
}
