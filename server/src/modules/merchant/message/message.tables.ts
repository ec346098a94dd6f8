import type { Generated } from 'kysely';

export interface MessageTable {
  id: Generated<number>;
  userId: number;
  merchantId: number | null;
  /** order / finance / system (dictionary message_type) */
  type: string;
  title: string;
  content: string;
  refType: string | null;
  refId: number | null;
  readAt: string | null;
  createdAt: string;
}

export interface MessageBroadcastTable {
  id: Generated<number>;
  title: string;
  content: string;
  /** JSON number[]; null = every merchant. */
  merchantIds: string | null;
  recipientCount: number;
  senderId: number | null;
  createdAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    message: MessageTable;
    messageBroadcast: MessageBroadcastTable;
  }
}
