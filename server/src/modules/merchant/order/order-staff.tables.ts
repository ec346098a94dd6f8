/**
 * The employee's progress with one order on the staff page (migration 1930, docs/staff.md): 出发, 到达 (the point she
 * gave, its distance to the order's point and the flag), the completion's photos and note, and when the 迟到提醒 was
 * raised. 开始 and 完成 are the order's own `verifiedAt` and `completedAt`. A row belongs to one employee: after a
 * reassignment the new employee starts from 待出发.
 */
export interface OrderStaffProgressTable {
  orderId: number;
  merchantId: number;
  employeeId: number;
  departedAt: string | null;
  arrivedAt: string | null;
  arrivalLat: number | null;
  arrivalLng: number | null;
  arrivalAccuracy: number | null;
  arrivalDistanceM: number | null;
  /** near | far | no_location */
  arrivalFlag: string | null;
  /** JSON string[]: private references (`/tmpl/files/job/...`). */
  photos: string;
  finishNote: string | null;
  lateAt: string | null;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    orderStaffProgress: OrderStaffProgressTable;
  }
}
