import type { Generated } from 'kysely';

/** Messages to customers and staff (migration 1940_outbox). Times are ISO-8601 UTC text. */
export interface NotifyOutboxTable {
  id: Generated<number>;
  merchantId: number;
  shopId: number | null;
  orderId: number | null;
  event: string;
  recipientKind: 'customer' | 'staff';
  recipientId: number | null;
  recipientName: string | null;
  /** Sealed (lib/secret-box.ts); opened only to send and to mask it in answers. */
  phone: string;
  /** Keyed hash of the number: the per-phone limit counts by it. */
  phoneHash: string;
  params: string;
  content: string;
  idemKey: string;
  jobAt: string | null;
  status: 'pending' | 'sent' | 'failed';
  reason: string | null;
  attempts: Generated<number>;
  nextAttemptAt: string;
  holder: string | null;
  leaseUntil: string | null;
  sentAt: string | null;
  resendOf: number | null;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface NotifySwitchTable {
  merchantId: number;
  event: string;
  enabled: number;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    notifyOutbox: NotifyOutboxTable;
    notifySwitch: NotifySwitchTable;
  }
}
