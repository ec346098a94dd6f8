import type { Generated } from 'kysely';

export interface ShopSettingTable {
  id: Generated<number>;
  shopId: number;
  autoAccept: number;
  newOrderSound: number;
  bookingLeadHours: number;
  serviceTimeSlots: string; // JSON string[] "HH:mm-HH:mm"
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    shopSetting: ShopSettingTable;
  }
}
