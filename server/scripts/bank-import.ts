/**
 * `npm run bank:import -- <file.csv>`: loads the full bank-branch table (联行号) from a CSV into the configured
 * database (DATABASE_URL / DATA_DIR as for the server). Columns by header name (code/联行号, bankName/银行名称,
 * branchName/支行名称, province/省份, city/城市) or, without a header, in that order. Existing codes are updated,
 * new ones inserted; bad lines are listed and skipped. Exit code 1 when nothing could be read.
 */
import { readFileSync } from 'node:fs';
import { openConfiguredDb } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { readBranchCsv } from '../src/modules/merchant/bank/bank.csv.ts';
import { upsertBranches } from '../src/modules/merchant/bank/bank.repo.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run bank:import -- <branches.csv>');
  process.exit(2);
}

const { rows, rejected } = readBranchCsv(readFileSync(file, 'utf8'));
for (const r of rejected.slice(0, 20)) console.warn(`line ${r.line}: ${r.reason}`);
if (rejected.length > 20) console.warn(`... and ${rejected.length - 20} more bad lines`);
if (!rows.length) {
  console.error(`no valid rows in ${file}`);
  process.exit(1);
}

const handle = openConfiguredDb(loadConfig());
try {
  await migrateToLatest(handle.db);
  const { inserted, updated } = await upsertBranches(handle.db, rows);
  console.log(`bank branches: ${inserted} inserted, ${updated} updated, ${rejected.length} skipped (from ${file})`);
} finally {
  await handle.close();
}
