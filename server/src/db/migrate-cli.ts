import { openConfiguredDb } from '../app.ts';
import { loadConfig } from '../config.ts';
import { bootstrapDatabase } from './bootstrap.ts';

/** `npm run db:migrate`: migrate and seed without starting the server. */
const config = loadConfig();
const handle = openConfiguredDb(config);
await bootstrapDatabase(handle.db, config, console);
await handle.close();
console.log('database is up to date');
