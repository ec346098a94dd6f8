import type { Generated } from 'kysely';

export interface UserShopTable {
  userId: number;
  shopId: number;
  merchantId: number;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  /** `u:<userId>` for a known account, else `x:<what was typed>` (so unknown names are limited alike). */
  accountKey: string;
  ip: string | null;
  /** 0 = a failed (or still running) try, 1 = a successful sign-in (not counted). */
  success: number;
  createdAt: string;
}

declare module '../../../db/schema.ts' {
  interface UserTable {
    /**
     * 1 = may work in every shop of its merchant (owners, and sub-accounts granted "all shops" explicitly); 0 = only
     * the shops of its user_shop rows (none = no shop at all). Migration 1001.
     */
    allShops: Generated<number>;
  }
  interface Database {
    userShop: UserShopTable;
    loginAttempt: LoginAttemptTable;
  }
}
