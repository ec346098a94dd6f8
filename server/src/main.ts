import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { buildInfo, describeBuild } from './lib/build-info.ts';
import { bootstrapDatabase } from './startup/bootstrap.ts';
import { type MetricsServer, startMetricsServer } from './plugins/metrics.ts';
import { flushLogs } from './lib/log-stream.ts';

/**
 * Starts the product: migrate, seed (demo data on an empty database outside production), listen, then the metrics
 * listener when METRICS_PORT is set; graceful stop on SIGTERM/SIGINT (drain, close, exit). `--version`: print the
 * build (lib/build-info.ts) and exit.
 */
async function main() {
  // Answered before the configuration is read: an operator asks which build this is on any host.
  if (process.argv.includes('--version')) {
    console.log(describeBuild());
    return;
  }
  // Node's own start and the evaluation of the code (the whole bundle in a release) end here.
  const loaded = process.uptime();
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
  const { version, commit } = buildInfo();
  app.log.info(
    {
      version,
      commit,
      readyMs: ms(process.uptime()),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      loadMs: ms(loaded),
      appMs: ms(built),
      bootstrapMs: ms(seeded - built),
    },
    'ready',
  );
  let metrics: MetricsServer | undefined;
  if (config.METRICS_PORT !== undefined) {
    metrics = await startMetricsServer(app, {
      port: config.METRICS_PORT,
      host: config.METRICS_HOST,
      token: config.METRICS_TOKEN,
    });
    app.log.info({ url: metrics.url, token: Boolean(config.METRICS_TOKEN) }, 'metrics listening');
  }

  let stopping = false;
  let endDrain = () => {};
  const stop = async (signal: string) => {
    // A second signal during the drain period ends it early (an operator who will not wait).
    if (stopping) return endDrain();
    stopping = true;
    const drainMs = config.SHUTDOWN_DRAIN_MS;
    // Readiness answers 503 from now on; everything else is served as usual until the drain period is over, so the
    // balancer takes this instance out of rotation before it refuses connections.
    app.draining = true;
    app.log.info({ signal, drainMs }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s: exiting anyway');
      process.exit(1);
    }, drainMs + 10_000).unref();
    if (drainMs > 0)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainMs);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    // close(): no new connections; requests in flight finish and are answered; streams and pools close.
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exitCode = 1;
    }
    // Last, so a scrape during the shutdown still answers.
    await metrics?.close();
    clearTimeout(force);
    // The log destination is asynchronous: let its last lines out before the process ends.
    await flushLogs();
    process.exit();
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch(async (err) => {
  console.error(err instanceof Error ? err.message : err);
  await flushLogs();
  process.exit(1);
});
