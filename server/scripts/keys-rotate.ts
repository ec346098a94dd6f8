/**
 * `npm run keys:rotate`: re-seals every secret at rest (employees' ID numbers, bank-card numbers, onboarding data)
 * that is not under the current key, the first of DATA_KEYS, and refreshes its keyed hash; values left in clear (a row
 * written by an instance older than migration 1700) are sealed too. Batch-wise (one transaction per 500 rows), safe
 * while the server runs (each update is conditional on the value read), idempotent: a second run changes nothing.
 *
 * Rotating a key: put the new key first and keep the old one (`DATA_KEYS=k2:<new>,k1:<old>`), restart the instances
 * (new values use k2, old ones still open), run this, and only then drop k1 from DATA_KEYS.
 *
 * Prints one line per field; exit 1 when a value does not open (altered, or its key missing from DATA_KEYS): those
 * rows are left as they are and listed.
 */
import { pathToFileURL } from 'node:url';
import { type Kysely, sql } from 'kysely';
import { openConfiguredDb } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { dataKeys, type KeyRing } from '../src/lib/secret-box.ts';
import { type RotateReport, rotateField, type SecretField } from '../src/lib/secret-rotate.ts';
import { CLIENT_SECRET_FIELDS } from '../src/modules/merchant/client/client-secrets.ts';
import { ID_CARD_FIELD } from '../src/modules/merchant/employee/employee.repo.ts';
import { CARD_NO_FIELD } from '../src/modules/merchant/finance/bank-card.service.ts';
import { DETAIL_FIELD } from '../src/modules/merchant/jinjian/jinjian.repo.ts';
import { PHONE_FIELD } from '../src/modules/merchant/notify/notify.service.ts';

/** Every sealed field: each repository declares its own (the one place its table is sealed and opened). */
export const SECRET_FIELDS: SecretField[] = [
  ID_CARD_FIELD,
  CARD_NO_FIELD,
  DETAIL_FIELD,
  PHONE_FIELD,
  ...CLIENT_SECRET_FIELDS,
];

export async function rotateAll(db: Kysely<any>, opts: { ring?: KeyRing; batch?: number } = {}) {
  const reports: RotateReport[] = [];
  for (const f of SECRET_FIELDS) reports.push(await rotateField(db, f, opts));
  return reports;
}

async function main() {
  const config = loadConfig();
  const ring = dataKeys();
  const handle = openConfiguredDb(config);
  try {
    // The hash columns come with migration 1700, applied by the server's start or `npm run db:migrate`.
    const applied = await sql<{ name: string }>`select name from kysely_migration where name = '1700_secrets_at_rest'`
      .execute(handle.db)
      .catch(() => ({ rows: [] }));
    if (!applied.rows.length)
      throw new Error('the database is not migrated (1700_secrets_at_rest): run `npm run db:migrate` first');
    const reports = await rotateAll(handle.db, { ring });
    console.log(`keys:rotate: current key ${ring.current.id} (ring: ${[...ring.byId.keys()].join(', ')})`);
    for (const r of reports)
      console.log(
        `  ${r.table}.${r.column}: ${r.resealed} re-sealed${r.fromPlaintext ? ` (${r.fromPlaintext} from clear)` : ''}` +
          `${r.failed.length ? `, ${r.failed.length} do not open (ids ${r.failed.join(', ')})` : ''}`,
      );
    if (reports.some((r) => r.failed.length)) {
      console.error('keys:rotate: some values do not open; they were left as they are (see the ids above)');
      process.exitCode = 1;
    }
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main().catch((err) => {
    console.error(`keys:rotate failed: ${err.message}`);
    process.exit(1);
  });
