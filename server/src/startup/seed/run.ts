import type { AppModule, DemoIds } from '../../modules/types.ts';
import type { DB } from '../../db/client.ts';
import { seedDemoAccounts } from './demo-accounts.ts';

/** Base seeds of every module (idempotent), then, when asked, the demo accounts and every module's demo data. */
export async function runSeeds(db: DB, modules: AppModule[], opts: { demo: boolean }): Promise<DemoIds | undefined> {
  for (const m of modules) await m.seed?.({ db });
  if (!opts.demo) return undefined;
  const demo = await seedDemoAccounts(db);
  for (const m of modules) await m.seedDemo?.({ db, demo });
  return demo;
}

/** A database is empty of demo data when no merchant exists yet. */
export async function hasMerchants(db: DB) {
  return !!(await db.selectFrom('merchant').select('id').limit(1).executeTakeFirst());
}
