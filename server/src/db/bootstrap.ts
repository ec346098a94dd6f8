import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { discoverModules } from '../modules/discover.ts';
import type { DB } from './client.ts';
import { migrateToLatest } from './migrate.ts';
import { markSeeded, seededWith, seedFingerprint } from './seed/fingerprint.ts';
import { hasMerchants, runSeeds } from './seed/run.ts';

/**
 * Migrates, runs every module's base seed, and seeds demo data when the database has no merchant yet. The base seeds
 * are skipped when this database was last seeded by the same sources (seed/fingerprint.ts): a restart of an unchanged
 * server writes nothing. A migration applied in this run forces them too.
 */
export async function bootstrapDatabase(db: DB, config: Config, log: Pick<FastifyBaseLogger, 'info'>) {
  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ applied }, 'migrations applied');
  const demo = config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && !(await hasMerchants(db)));
  const fingerprint = seedFingerprint();
  if (!demo && !applied.length && (await seededWith(db, fingerprint))) {
    log.info('seed catalogue unchanged: base seeds skipped');
    return;
  }
  await runSeeds(db, await discoverModules(), { demo });
  await markSeeded(db, fingerprint);
  if (demo) log.info('demo data seeded');
}
