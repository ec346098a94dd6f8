import type { Generated } from 'kysely';

export interface ShopSettingTable {
  id: Generated<number>;
  shopId: number;
  autoAccept: number;
  newOrderSound: number;
  bookingLeadHours: number;
  serviceTimeSlots: string; // JSON string[] "HH:mm-HH:mm"
  /** Minutes after each job before the employee's next one may start (docs/dispatch.md; migration 1810). */
  travelBufferMinutes: Generated<number>;
  /** How far (m) a staff clock-in may be from the order's address before the board flags it (migration 1930). */
  arrivalRadiusM: Generated<number>;
  /** The weekly hours a new employee of the shop starts from (JSON WeeklyHours, migration 1960); null = none. */
  defaultWorkHours: Generated<string | null>;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    shopSetting: ShopSettingTable;
  }
  interface ShopTable {
    /**
     * The name an approved shop asked for, waiting for the platform's review (migration 1701); `name` stays the approved
     * one customers see until then. Null: no request.
     */
    pendingName: Generated<string | null>;
  }
}
