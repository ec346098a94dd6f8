/**
 * `npm run finance:check`: checks the finance invariants of every merchant in the configured database
 * (DATABASE_URL, or the SQLite file in DATA_DIR) and exits 1 on any mismatch. Read-only.
 */
import { openConfiguredDb } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { checkInvariants } from '../src/modules/merchant/finance/invariants.ts';

const yuan = (fen: number) => (fen / 100).toFixed(2).padStart(12);
const handle = openConfiguredDb(loadConfig());
try {
  const { merchants, problems } = await checkInvariants(handle.db);
  console.log('merchant      balance       frozen      pending  withdrawable  entries');
  for (const m of merchants)
    console.log(
      `${String(m.merchantId).padEnd(8)}${yuan(m.balance)} ${yuan(m.frozen)} ${yuan(m.pendingWithdraw)} ${yuan(m.withdrawable)}  ${m.entries}`,
    );
  if (problems.length) {
    console.error(`\n${problems.length} mismatch(es):`);
    for (const p of problems) console.error(`  - ${p}`);
    process.exitCode = 1;
  } else {
    console.log(`\nfinance:check OK — ${merchants.length} merchant account(s), no mismatch`);
  }
} finally {
  await handle.close();
}
