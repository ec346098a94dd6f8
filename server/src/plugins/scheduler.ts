import { Counter, Gauge, Histogram } from 'prom-client';
import type { App } from '../lib/app-type.ts';
import { type JobSpec, Scheduler } from '../lib/scheduler/scheduler.ts';
import './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs, once per period across all instances (lib/scheduler). Add them while registering routes. */
    scheduler: { add(job: JobSpec): void };
  }
}

const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60];
/** How long a stop waits for a running job before abandoning it (main.ts ends the process 10 s after the drain). */
const STOP_WAIT_MS = 5000;

/**
 * JOB_PERIOD_MS: every job's period replaced (tests that watch jobs across instances); refused in production, where a
 * typo would hammer the database.
 */
function periodOverride(env = process.env): number | undefined {
  if (!env.JOB_PERIOD_MS || env.NODE_ENV === 'production') return undefined;
  const ms = Number(env.JOB_PERIOD_MS);
  if (!Number.isInteger(ms) || ms < 50)
    throw new Error(`JOB_PERIOD_MS: an integer of at least 50 (got "${env.JOB_PERIOD_MS}")`);
  return ms;
}

/**
 * The app's scheduler: jobs start once the app is ready (after migrations: main.ts bootstraps before listen) and stop
 * when it closes, before the database does. Its metrics go to the app's registry. Register after registerMetrics.
 */
export function registerScheduler(app: App, opts: { start?: boolean } = {}) {
  const registry = app.metrics.registry;
  const runs = new Counter({
    name: 'jz_job_runs_total',
    help: 'Background job runs on this instance, by outcome (ok, error)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'jz_job_failures_total',
    help: 'Background job runs that failed',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'jz_job_duration_seconds',
    help: 'Background job run time',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const lastSuccess = new Gauge({
    name: 'jz_job_last_success_timestamp_seconds',
    help: 'When each background job last succeeded on this instance (Unix time)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const scheduler = new Scheduler({
    db: app.db,
    log: app.log,
    periodMs: periodOverride(),
    observe(job, outcome, seconds) {
      runs.inc({ job, outcome });
      duration.observe({ job }, seconds);
      if (outcome === 'ok') lastSuccess.set({ job }, Date.now() / 1000);
      else failures.inc({ job });
    },
  });
  app.decorate('scheduler', {
    add(job: JobSpec) {
      // Every series exists from the start, so `increase(...)` sees the first failure too.
      for (const outcome of ['ok', 'error']) runs.inc({ job: job.name, outcome }, 0);
      failures.inc({ job: job.name }, 0);
      scheduler.add(job);
    },
  });
  if (opts.start !== false) app.addHook('onReady', async () => scheduler.start());
  // Stop taking runs as soon as the close begins, without holding the listener's close; wait for a running job in
  // onClose, which runs before the database's own (fastify runs onClose hooks last registered first).
  let stopped: Promise<unknown> = Promise.resolve();
  app.addHook('preClose', async () => {
    stopped = scheduler.stop(STOP_WAIT_MS);
  });
  app.addHook('onClose', async () => {
    await stopped;
  });
}
