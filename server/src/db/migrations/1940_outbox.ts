import type { Kysely } from 'kysely';
import { withId } from '../migration-kit.ts';

/**
 * Messages to customers and staff (SMS): the transactional outbox. A row is written in the transaction of the change
 * that causes it and delivered by the `notify_deliver` job; `idem_key` (one per event and recipient) keeps an event
 * from being queued twice and goes to the provider with the send. `phone` is sealed (lib/secret-box.ts);
 * `phone_hash` is its keyed hash, for the per-phone limit. `holder`/`lease_until`: the delivery that claimed the row,
 * until when; a row whose lease expired with a holder is "in doubt" (the provider is asked before sending again).
 */
export async function up(db: Kysely<any>) {
  await withId(db, db.schema.createTable('notify_outbox'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('shop_id', 'integer')
    .addColumn('order_id', 'integer')
    .addColumn('event', 'text', (c) => c.notNull())
    // customer | staff
    .addColumn('recipient_kind', 'text', (c) => c.notNull())
    // the employee (staff) or the customer, when known
    .addColumn('recipient_id', 'integer')
    .addColumn('recipient_name', 'text')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('phone_hash', 'text', (c) => c.notNull())
    // JSON object: the template's parameters
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull().unique())
    // the appointment the message is about: quiet hours let messages about a job that day through
    .addColumn('job_at', 'text')
    // pending | sent | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('resend_of', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notify_outbox_due').on('notify_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('notify_outbox_order').on('notify_outbox').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('notify_outbox_phone').on('notify_outbox').columns(['phone_hash', 'sent_at']).execute();

  // The merchant's switches: a row per event turned off or on again; no row = on.
  await db.schema
    .createTable('notify_switch')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notify_switch_pk', ['merchant_id', 'event'])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('notify_switch').ifExists().execute();
  await db.schema.dropTable('notify_outbox').ifExists().execute();
}
