import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { discoverModules } from '../modules/discover.ts';
import type { DB } from './client.ts';
import { migrateToLatest } from './migrate.ts';
import { hasMerchants, runSeeds } from './seed/run.ts';

/** Migrates, runs every module's base seed, and seeds demo data when the database has no merchant yet. */
export async function bootstrapDatabase(db: DB, config: Config, log: Pick<FastifyBaseLogger, 'info'>) {
  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ applied }, 'migrations applied');
  const demo = config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && !(await hasMerchants(db)));
  await runSeeds(db, await discoverModules(), { demo });
  if (demo) log.info('demo data seeded');
}
