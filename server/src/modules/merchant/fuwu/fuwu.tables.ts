import type { Generated } from 'kysely';

export interface FuwuTable {
  id: Generated<number>;
  parentId: number | null;
  name: string;
  icon: string | null;
  sort: number;
  status: number;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    fuwu: FuwuTable;
  }
}
