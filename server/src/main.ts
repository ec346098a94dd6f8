import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { bootstrapDatabase } from './db/bootstrap.ts';

/** Starts the product: migrate, seed (demo data on an empty database), listen; graceful stop on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  const built = process.uptime();
  await bootstrapDatabase(app.db, config, app.log);
  const seeded = process.uptime();
  await app.listen({ port: config.PORT, host: config.HOST });
  // From process start (node's own start-up and module loading included) to taking requests.
  // cpuMs: what the start cost this process, whatever else the machine was doing meanwhile.
  const ms = (s: number) => Math.round(s * 1000);
  const cpu = process.cpuUsage();
  app.log.info(
    {
      readyMs: ms(process.uptime()),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      appMs: ms(built),
      bootstrapMs: ms(seeded - built),
    },
    'ready',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // close(): no new connections; requests in flight finish and are answered; streams and pools close.
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s: exiting anyway');
      process.exit(1);
    }, 10_000).unref();
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exitCode = 1;
    }
    clearTimeout(force);
    process.exit();
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
