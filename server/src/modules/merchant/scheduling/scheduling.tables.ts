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

declare module '../../../db/schema.ts' {
  interface Database {
    employeeLeave: EmployeeLeaveTable;
  }
}
