import type { Kysely } from 'kysely';
import { withId, withTimes } from '../migration-kit.ts';

/** Issue 11: agreements with immutable versions and signature records; per-user messages and platform broadcasts. */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('agreement'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('must_sign', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('current_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('published_at', 'text')
      .addColumn('created_by', 'integer'),
  ).execute();
  await db.schema.createIndex('agreement_status_idx').on('agreement').columns(['status', 'must_sign']).execute();
  await db.schema.createIndex('agreement_type_idx').on('agreement').column('type').execute();

  await withId(db, db.schema.createTable('agreement_version'))
    .addColumn('agreement_id', 'integer', (c) => c.notNull().references('agreement.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('published_by', 'integer')
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('agreement_version_uq', ['agreement_id', 'version'])
    .execute();

  await withId(db, db.schema.createTable('agreement_signature'))
    .addColumn('agreement_id', 'integer', (c) => c.notNull().references('agreement.id'))
    .addColumn('version_id', 'integer', (c) => c.notNull().references('agreement_version.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id'))
    .addColumn('signer_name', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    // One signature per merchant and version: a repeated or concurrent sign cannot create a second record.
    .addUniqueConstraint('agreement_signature_uq', ['agreement_id', 'version', 'merchant_id'])
    .execute();
  await db.schema
    .createIndex('agreement_signature_merchant_idx')
    .on('agreement_signature')
    .columns(['merchant_id', 'signed_at'])
    .execute();

  await withId(db, db.schema.createTable('message'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text')
    .addColumn('ref_id', 'integer')
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_user_read_idx').on('message').columns(['user_id', 'read_at', 'id']).execute();
  await db.schema.createIndex('message_user_type_idx').on('message').columns(['user_id', 'type']).execute();
  await db.schema.createIndex('message_merchant_idx').on('message').column('merchant_id').execute();

  await withId(db, db.schema.createTable('message_broadcast'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('merchant_ids', 'text')
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sender_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_broadcast_created_idx').on('message_broadcast').column('created_at').execute();
}

export async function down(db: Kysely<any>) {
  for (const t of ['message_broadcast', 'message', 'agreement_signature', 'agreement_version', 'agreement'])
    await db.schema.dropTable(t).ifExists().execute();
}
