import type { Generated } from 'kysely';

export interface CustomerTable {
  id: Generated<number>;
  phone: string;
  nickname: string;
  createdAt: string;
  updatedAt: string;
}

export interface CustomerSessionTable {
  id: Generated<number>;
  customerId: number;
  tokenHash: string;
  expiresAt: string;
  createdAt: string;
}

declare module '../../db/schema.ts' {
  interface Database {
    customer: CustomerTable;
    customerSession: CustomerSessionTable;
  }
}
