import type { Generated } from 'kysely';

export interface FeedbackTable {
  id: Generated<number>;
  userId: number;
  merchantId: number | null;
  type: string;
  content: string;
  images: string; // JSON string[]
  contact: string | null;
  state: number;
  reply: string | null;
  handledBy: number | null;
  handledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    feedback: FeedbackTable;
  }
}
