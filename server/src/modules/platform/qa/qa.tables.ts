import type { Generated } from 'kysely';

export interface QaTable {
  id: Generated<number>;
  question: string;
  answer: string;
  category: string;
  sort: number;
  status: number;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    qa: QaTable;
  }
}
