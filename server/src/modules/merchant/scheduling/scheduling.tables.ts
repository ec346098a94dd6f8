import type { Generated } from 'kysely';

/** A leave period (休假) of an employee, [startsAt, endsAt) ISO UTC (migration 1810). */
export interface EmployeeLeaveTable {
  id: Generated<number>;
  merchantId: number;
  employeeId: number;
  startsAt: string;
  endsAt: string;
  reason: string | null;
  /** The user who entered it; null = a migration or the system. */
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * An employee's hours on one Shanghai day instead of her weekly ones (排班, migration 1960): an extra shift, a shorter
 * day, or off (`ranges` '[]'). One row per employee and day.
 */
export interface EmployeeShiftExceptionTable {
  id: Generated<number>;
  merchantId: number;
  employeeId: number;
  /** YYYY-MM-DD, Shanghai. */
  day: string;
  /** JSON TimeRange[] ('08:00'–'12:00'); '[]' = off that day. */
  ranges: string;
  reason: string | null;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    employeeLeave: EmployeeLeaveTable;
    employeeShiftException: EmployeeShiftExceptionTable;
  }
}
