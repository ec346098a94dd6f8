import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { bootstrapDatabase } from './db/bootstrap.ts';

/** Starts the product: migrate, seed (demo data on an empty database), listen; graceful stop on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  await bootstrapDatabase(app.db, config, app.log);
  await app.listen({ port: config.PORT, host: config.HOST });
  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
