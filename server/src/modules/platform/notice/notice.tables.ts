import type { Generated } from 'kysely';

export interface NoticeTable {
  id: Generated<number>;
  title: string;
  content: string;
  type: string;
  status: number;
  publishedAt: string;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    notice: NoticeTable;
  }
}
