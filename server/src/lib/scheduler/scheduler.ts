import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/client.ts';
import { claimLease, ensureLease, readLease, releaseLease, renewLease } from './lease.ts';

export interface JobSpec {
  name: string;
  /** Time from the end of one run (on any instance) to the start of the next. */
  periodMs: number;
  /**
   * How long a claim holds without renewal. It is renewed every third of it while the run lasts, so a slow run keeps
   * it; a holder that dies (or stops renewing) loses it after this long and another instance takes the job over.
   */
  leaseMs?: number;
  /** A job never run on this database: due at once ('now', to catch up), or one period after it is first seen. */
  first?: 'now' | 'after-period';
  /** One run. The signal aborts when the instance stops: a long job may end at a safe point. */
  run(signal: AbortSignal): Promise<unknown>;
}

export type Outcome = 'ok' | 'error';
type Log = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export interface SchedulerOptions {
  db: DB;
  log: Log;
  /** This instance's name in job_lease.holder (default: host, pid and a random suffix). */
  holder?: string;
  /** Shortest wait between two looks at a job's row (default 250 ms). */
  minWaitMs?: number;
  /** Every period replaced by this (tests of the cluster: short periods). */
  periodMs?: number;
  /** Told of every finished run (metrics). */
  observe?: (job: string, outcome: Outcome, seconds: number) => void;
}

const DEFAULT_LEASE_MS = 120_000;

/**
 * Runs background jobs once per period across every instance on one database, never two runs of a job at once:
 * before each run an instance claims the job's row in job_lease (lease.ts); the others find it held or not yet due
 * and wait until it may be. Each instance looks at a job's row only when it could be due (the end of the last run
 * plus the period, or the end of someone's lease), not on a fixed tick.
 */
export class Scheduler {
  readonly holder: string;
  private readonly jobs: JobSpec[] = [];
  private readonly loops = new Map<string, Promise<void>>();
  private readonly wakers = new Set<() => void>();
  private readonly abort = new AbortController();
  private started = false;
  private stopped = false;

  constructor(private readonly opts: SchedulerOptions) {
    this.holder = opts.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  /** Adds a job; it starts with start() (or at once when the scheduler already runs). */
  add(job: JobSpec) {
    if (this.jobs.some((j) => j.name === job.name)) throw new Error(`job ${job.name} is scheduled twice`);
    const spec = { ...job, periodMs: this.opts.periodMs ?? job.periodMs };
    this.jobs.push(spec);
    if (this.started && !this.stopped) this.loops.set(spec.name, this.loop(spec));
  }

  start() {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs) this.loops.set(job.name, this.loop(job));
  }

  /**
   * Stops taking runs, tells running jobs to stop (their signal), and waits up to `waitMs` for them. A run still going
   * after that is abandoned: not awaited, its claim left to expire (never released while it may still run), so no
   * other instance starts the job before this one's lease runs out. Answers the abandoned jobs' names.
   */
  async stop(waitMs = 5000): Promise<string[]> {
    this.stopped = true;
    this.abort.abort();
    for (const wake of this.wakers) wake();
    const pending = new Set(this.loops.keys());
    const finished = Promise.all([...this.loops].map(([name, p]) => p.finally(() => pending.delete(name)))).then(
      () => undefined,
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([finished, new Promise<void>((r) => (timer = setTimeout(r, waitMs)))]);
    clearTimeout(timer);
    const abandoned = [...pending];
    if (abandoned.length)
      this.opts.log.warn({ jobs: abandoned, waitMs }, 'scheduler: jobs still running at stop, abandoned');
    return abandoned;
  }

  private async loop(job: JobSpec) {
    const { db, log } = this.opts;
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
    let known = false;
    let failing = false;
    while (!this.stopped) {
      let wait = Math.min(job.periodMs, 5000);
      try {
        if (!known) {
          await ensureLease(
            db,
            job.name,
            job.first === 'after-period' ? Date.now() + job.periodMs : Date.now(),
            job.periodMs,
          );
          known = true;
        }
        if (await claimLease(db, job.name, this.holder, Date.now(), job.periodMs, leaseMs))
          await this.runClaimed(job, leaseMs);
        wait = await this.untilDue(job);
        if (failing) log.info({ job: job.name }, 'scheduler: the job table answers again');
        failing = false;
      } catch (err) {
        // The database is down or closing: look again later; the job is not run meanwhile. One warning per outage.
        if (!this.stopped && !failing) log.warn({ err, job: job.name }, 'scheduler: cannot read or claim the job');
        failing = true;
      }
      await this.sleep(Math.max(this.opts.minWaitMs ?? 250, wait));
    }
  }

  /** One claimed run: its lease renewed while it lasts, then released with the outcome. */
  private async runClaimed(job: JobSpec, leaseMs: number) {
    const { db, log, observe } = this.opts;
    const startedAt = Date.now();
    const t0 = performance.now();
    let lost = false;
    const renew = setInterval(
      () => {
        renewLease(db, job.name, this.holder, Date.now(), leaseMs)
          .then((kept) => {
            if (!kept && !lost) {
              lost = true;
              log.warn(
                { job: job.name, leaseMs },
                'scheduler: the run outlived its lease (another instance may run it)',
              );
            }
          })
          .catch(() => {}); // a missed renewal is retried at the next beat; the lease has three of them
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    renew.unref();
    let outcome: Outcome = 'ok';
    try {
      await job.run(this.abort.signal);
    } catch (err) {
      outcome = 'error';
      log.error({ err, job: job.name }, `${job.name} job failed`);
    } finally {
      clearInterval(renew);
    }
    const seconds = (performance.now() - t0) / 1000;
    observe?.(job.name, outcome, seconds);
    const released = await releaseLease(db, job.name, this.holder, Date.now(), outcome);
    if (!released && !lost)
      log.warn({ job: job.name }, 'scheduler: the run outlived its lease (another instance may run it)');
    log.debug(
      {
        job: job.name,
        holder: this.holder,
        startedAt: new Date(startedAt).toISOString(),
        ms: Math.round(seconds * 1000),
        outcome,
      },
      'job finished',
    );
  }

  /** Milliseconds until the job may be due: the end of its last run plus the period, or when a holder's lease ends. */
  private async untilDue(job: JobSpec) {
    const row = await readLease(this.opts.db, job.name);
    const now = Date.now();
    if (!row) return 0;
    if (row.leaseUntil && Date.parse(row.leaseUntil) >= now)
      return Math.min(Date.parse(row.leaseUntil) - now + 1, job.periodMs);
    const due = row.lastFinishedAt ? Date.parse(row.lastFinishedAt) + job.periodMs : now;
    return due - now;
  }

  private sleep(ms: number) {
    if (this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      this.wakers.add(wake);
    });
  }
}
