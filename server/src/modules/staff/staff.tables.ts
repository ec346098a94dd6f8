import type { Generated } from 'kysely';

/** An employee's sign-in on the staff page (only the token's hash); apart from the console's `session`. */
export interface StaffSessionTable {
  id: Generated<number>;
  employeeId: number;
  merchantId: number;
  tokenHash: string;
  expiresAt: string;
  revokedAt: string | null;
  ip: string;
  userAgent: string;
  createdAt: string;
}

/** Every read of a customer's full phone. */
export interface StaffPhoneRevealTable {
  id: Generated<number>;
  merchantId: number;
  employeeId: number;
  orderId: number;
  createdAt: string;
}

/** The page's key of a step (unique per employee): the same key is answered, never done twice. */
export interface StaffStepTable {
  id: Generated<number>;
  employeeId: number;
  stepId: string;
  orderId: number;
  action: string;
  createdAt: string;
}

/** The private files an employee uploaded (her job photos). */
export interface StaffUploadTable {
  storageKey: string;
  merchantId: number;
  employeeId: number;
  createdAt: string;
}

export interface StaffLeaveRequestTable {
  id: Generated<number>;
  merchantId: number;
  shopId: number;
  employeeId: number;
  startsAt: string;
  endsAt: string;
  reason: string;
  /** STAFF_LEAVE_STATUS: 0 pending / 1 approved / 2 refused / 3 withdrawn */
  status: Generated<number>;
  reply: string | null;
  decidedBy: number | null;
  decidedAt: string | null;
  /** The employee_leave row an approval created. */
  leaveId: number | null;
  createdAt: string;
  updatedAt: string;
}

declare module '../../db/schema.ts' {
  interface Database {
    staffSession: StaffSessionTable;
    staffPhoneReveal: StaffPhoneRevealTable;
    staffStep: StaffStepTable;
    staffUpload: StaffUploadTable;
    staffLeaveRequest: StaffLeaveRequestTable;
  }
}
