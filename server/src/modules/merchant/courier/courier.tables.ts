import type { Generated } from 'kysely';

export interface CourierOrderTable {
  id: Generated<number>;
  merchantId: number;
  shopId: number;
  trackingNo: string;
  /** courier_company dictionary value */
  company: string;
  provider: string;
  senderName: string;
  senderPhone: string;
  senderAddress: string;
  receiverName: string;
  receiverPhone: string;
  receiverAddress: string;
  itemName: string;
  weightGrams: number;
  pickupAt: string;
  /** 10 待揽收 / 20 已揽收 / 30 运输中 / 40 已签收 / 90 已取消 */
  status: number;
  remark: string | null;
  cancelReason: string | null;
  cancelledAt: string | null;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface CourierTrackTable {
  id: Generated<number>;
  courierOrderId: number;
  merchantId: number;
  status: number;
  description: string;
  at: string;
  createdAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    courierOrder: CourierOrderTable;
    courierTrack: CourierTrackTable;
  }
}
