import type { SpecMode } from '@jz/contracts/goods-pricing';
import type { Generated } from 'kysely';

export interface ServiceOrderTable {
  id: Generated<number>;
  orderNo: string;
  merchantId: number;
  shopId: number;
  customerId: number;
  goodsId: number;
  goodsName: string;
  goodsCover: string | null;
  goodsPrice: number; // fen
  quantity: number;
  unit: string;
  customerName: string;
  customerPhone: string;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  address: string;
  lat: number | null;
  lng: number | null;
  appointmentAt: string;
  remark: string | null;
  amount: number; // fen
  payAmount: number; // fen
  /** 10 待付款 / 20 待接单 / 30 待服务 / 40 服务中 / 50 已完成 / 60 已评价 / 70 已取消 */
  status: number;
  /** 12 digits, shown to the customer only; merchant APIs never return it. */
  verifyCode: string;
  employeeId: number | null;
  cancelReason: string | null;
  /** 0 无 / 1 退款中 / 2 已退款 / 3 退款失败 */
  refundStatus: number;
  refundNo: string | null;
  payNo: string | null;
  paidAt: string | null;
  acceptedAt: string | null;
  verifiedAt: string | null;
  completedAt: string | null;
  reviewedAt: string | null;
  cancelledAt: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * The chosen specification's snapshot (migration 0420, docs/goods-specifications.md): written when the order
   * is placed (orderSnapshot in @jz/contracts/goods-pricing); orders older than 0420 were backfilled from their goods.
   */
  specId: number | null;
  specName: string | null;
  specMode: SpecMode | null;
  /** fen: the specification's price when ordered (= goodsPrice). */
  unitPrice: number | null;
  /** Whole ㎡ for area-priced specifications. */
  area: number | null;
  /** The job's total minutes as quoted (jobMinutes); null = unknown. */
  durationMinutes: number | null;
  /** The customer record (客户档案) and its address the order serves (migration 2000); set when paid. */
  // Optional: orders are inserted without them (Generated would not fit the transition steps' Partial set).
  clientId?: number | null;
  clientAddressId?: number | null;
  /** An unpaid order's own payment deadline (a 周期服务 visit paid per visit, migration 2020); null: 30 minutes. */
  payDeadline?: string | null;
}

export interface OrderTimelineTable {
  id: Generated<number>;
  orderId: number;
  merchantId: number;
  fromStatus: number | null;
  toStatus: number;
  action: string;
  /** `staff`: the employee on the staff page (阿姨端). */
  operatorType: 'merchant' | 'customer' | 'system' | 'staff';
  operatorId: number | null;
  operatorName: string;
  remark: string | null;
  createdAt: string;
}

export interface OrderEventTable {
  id: Generated<number>;
  merchantId: number;
  shopId: number;
  orderId: number;
  kind: string;
  status: number;
  createdAt: string;
}

export interface OrderStreamTicketTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  merchantId: number;
  shopId: number | null;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface VerifyAttemptTable {
  id: Generated<number>;
  merchantId: number;
  userId: number;
  ok: number;
  orderId: number | null;
  createdAt: string;
}

/** Orders per (merchant, shop, status), kept by triggers on service_order (migration 1301). */
export interface OrderStatusCountTable {
  merchantId: number;
  shopId: number;
  status: number;
  n: number;
}

/** Orders per (merchant, Shanghai day of created_at, shop, status), kept by the same triggers. */
export interface OrderDayCountTable {
  merchantId: number;
  day: string;
  shopId: number;
  status: number;
  n: number;
}

declare module '../../../db/schema.ts' {
  interface Database {
    serviceOrder: ServiceOrderTable;
    orderTimeline: OrderTimelineTable;
    orderEvent: OrderEventTable;
    orderStreamTicket: OrderStreamTicketTable;
    verifyAttempt: VerifyAttemptTable;
    orderStatusCount: OrderStatusCountTable;
    orderDayCount: OrderDayCountTable;
  }
}
