import type { Kysely } from 'kysely';

/**
 * The Excel import's upload stored in pieces, one row each (docs/import.md "Storage of the upload"): every piece is
 * sealed and written on its own, so storing or reading a 10 MB file never holds more than one piece's copies (the
 * single sealed value of import_file made several whole-file copies at once: base64, cipher output, the driver's).
 * import_file stays for files stored before this migration (read until their jobs expire, 30 minutes).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('import_file_piece')
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    // The piece's bytes, sealed (lib/secret-box.ts sealBytes).
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_file_piece_pk', ['file_key', 'seq'])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('import_file_piece').ifExists().execute();
}
