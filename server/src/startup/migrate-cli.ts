import { openConfiguredDb } from '../app.ts';
import { loadConfig } from '../config.ts';
import { bootstrapDatabase } from './bootstrap.ts';

/**
 * `npm run db:migrate`, and a release's `node server.mjs migrate`: migrate and seed once without starting the server,
 * whatever MIGRATE_ON_START says (upgrades run this first, then start the instances with MIGRATE_ON_START=false).
 */
try {
  const config = loadConfig();
  const handle = openConfiguredDb(config);
  try {
    await bootstrapDatabase(handle.db, config, console, { migrate: true });
  } finally {
    await handle.close();
  }
  console.log('database is up to date');
} catch (err) {
  console.error(`migrate failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
