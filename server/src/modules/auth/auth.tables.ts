import type { Generated } from 'kysely';

export interface LoginAttemptTable {
  id: Generated<number>;
  /** `u:<userId>` for a known account, else `x:<what was typed>` (so unknown names are limited alike). */
  accountKey: string;
  ip: string | null;
  /** 0 = a failed (or still running) try, 1 = a successful sign-in (not counted). */
  success: number;
  createdAt: string;
}

declare module '../../db/schema.ts' {
  interface Database {
    loginAttempt: LoginAttemptTable;
  }
}
