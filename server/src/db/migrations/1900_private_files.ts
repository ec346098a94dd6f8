import type { Kysely } from 'kysely';
import { movePrivateFiles, storageFromEnv } from '../../lib/storage/private-move.ts';
import { S3Storage } from '../../lib/storage/storage.ts';
import { s3SettingsFromEnv } from '../../lib/storage/s3.ts';

/**
 * Private files (range 1900: security). ID cards, certificates, licences, onboarding documents and feedback
 * attachments were stored in the public upload folder (or bucket) and served to anyone with the address. Their files
 * move to the private location (DATA_DIR/private, or `private/` in S3_PRIVATE_BUCKET / S3_BUCKET) and every stored
 * address becomes the stable reference `/tmpl/files/<key>`, which the server signs for allowed readers
 * (lib/storage/private-files.ts). Runs with the instances' environment (the migrate command shares it).
 */
export async function up(db: Kysely<any>) {
  let storage: ReturnType<typeof storageFromEnv> | undefined;
  try {
    const report = await movePrivateFiles(db, {
      storage: () => (storage ??= storageFromEnv()),
      publicUrl: s3SettingsFromEnv()?.publicUrl,
    });
    // Migrations have no logger: the migrate command's output is where an operator reads this.
    if (report.missing.length)
      console.warn(
        `private files: ${report.missing.length} referenced file(s) found nowhere: ${report.missing.join(', ')}`,
      );
  } finally {
    if (storage instanceof S3Storage) await storage.close();
  }
}

/** Nothing: moving ID cards back to a public address is not a step to automate. */
export async function down() {}
