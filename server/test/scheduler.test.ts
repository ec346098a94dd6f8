import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../src/db/client.ts';
import { type JobSpec, type Outcome, Scheduler } from '../src/lib/scheduler/scheduler.ts';
import { cloneDatabase, type TestDb, testDbKind } from './helpers/db.ts';

/**
 * The job scheduler (lib/scheduler) with three instances on one database, each with its own connection(s) as three
 * processes would have: a job runs once per period across them, never twice at once (a slow run keeps its lease), a
 * dead holder's job is taken over when its lease expires, and stop waits for a running job or abandons it.
 */
let db: TestDb;
const handles: DbHandle[] = [];
const running: Scheduler[] = [];
let seq = 0;

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  db = await cloneDatabase();
  for (let i = 0; i < 3; i++)
    handles.push(
      testDbKind() === 'postgres'
        ? openDb({ kind: 'postgres', url: db.url, max: 2 })
        : openDb({ kind: 'sqlite', file: db.url.replace(/^sqlite:/, '') }),
    );
});
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop(0)));
  for (const h of handles) await h.close();
  await db?.dispose();
});
beforeEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop(0)));
});

/** A run of the fake job: which instance, when it started and ended (ms). */
interface Run {
  holder: string;
  start: number;
  end: number;
}

/** The same job on three schedulers (one per connection); every run is recorded, and how many ran at once. */
function threeInstances(job: Omit<JobSpec, 'run' | 'name'> & { name?: string; workMs: number }) {
  const name = job.name ?? `test_job_${++seq}`;
  const runs: Run[] = [];
  const outcomes: Outcome[] = [];
  let now = 0;
  let maxConcurrent = 0;
  const schedulers = handles.map((h, i) => {
    const s = new Scheduler({
      db: h.db,
      log: quiet,
      holder: `instance-${i}`,
      minWaitMs: 10,
      observe: (_job, outcome) => outcomes.push(outcome),
    });
    s.add({
      ...job,
      name,
      run: async () => {
        const start = Date.now();
        maxConcurrent = Math.max(maxConcurrent, ++now);
        await sleep(job.workMs);
        now--;
        runs.push({ holder: `instance-${i}`, start, end: Date.now() });
      },
    });
    running.push(s);
    return s;
  });
  return { name, runs, outcomes, schedulers, maxConcurrent: () => maxConcurrent };
}

describe(`scheduler (${testDbKind()})`, () => {
  it('three instances run a job once per period between them, each start a period after the last end', async () => {
    const period = 200;
    const t = threeInstances({ periodMs: period, workMs: 5 });
    const started = Date.now();
    for (const s of t.schedulers) s.start();
    await sleep(2200);
    await Promise.all(t.schedulers.map((s) => s.stop()));
    const elapsed = Date.now() - started;

    // At most one run per period (plus the first, due at once); three timers would make three times as many.
    expect(t.runs.length).toBeLessThanOrEqual(Math.floor(elapsed / period) + 1);
    expect(t.runs.length).toBeGreaterThanOrEqual(5);
    t.runs.sort((a, b) => a.start - b.start);
    for (let i = 1; i < t.runs.length; i++)
      expect(t.runs[i].start - t.runs[i - 1].end, `gap before run ${i}`).toBeGreaterThanOrEqual(period - 2);
    expect(t.maxConcurrent()).toBe(1);
    expect(new Set(t.outcomes)).toEqual(new Set(['ok']));
  });

  it('a run slower than its lease keeps it (renewed while it runs): the job never overlaps itself', async () => {
    // 500 ms of work on a 150 ms lease, due every 20 ms: without the renewal another instance would start it at 150 ms.
    const t = threeInstances({ periodMs: 20, leaseMs: 150, workMs: 500 });
    for (const s of t.schedulers) s.start();
    await sleep(1800);
    await Promise.all(t.schedulers.map((s) => s.stop()));
    expect(t.maxConcurrent()).toBe(1);
    expect(t.runs.length).toBeGreaterThanOrEqual(2);
    t.runs.sort((a, b) => a.start - b.start);
    for (let i = 1; i < t.runs.length; i++) expect(t.runs[i].start).toBeGreaterThanOrEqual(t.runs[i - 1].end);
  });

  it("a job whose holder died is taken over once the holder's lease has expired, not before", async () => {
    const t = threeInstances({ periodMs: 60_000, leaseMs: 1000, workMs: 1 });
    const expires = Date.now() + 400;
    // An instance claimed it (due long ago) and died mid-run: its lease runs until `expires`.
    await handles[0].db
      .insertInto('jobLease')
      .values({
        name: t.name,
        holder: 'dead-instance',
        leaseUntil: new Date(expires).toISOString(),
        lastStartedAt: new Date(Date.now() - 5000).toISOString(),
        lastFinishedAt: new Date(Date.now() - 3_600_000).toISOString(),
      })
      .execute();
    for (const s of t.schedulers) s.start();
    await sleep(1200);
    expect(t.runs).toHaveLength(1);
    expect(t.runs[0].start).toBeGreaterThanOrEqual(expires);
    expect(t.runs[0].start - expires).toBeLessThan(500);
    const row = await handles[0].db.selectFrom('jobLease').selectAll().where('name', '=', t.name).executeTakeFirst();
    expect(row).toMatchObject({ holder: null, leaseUntil: null, lastOutcome: 'ok' });
  });

  it('stop waits for a running job, or abandons it after the wait and leaves its lease to expire', async () => {
    const s = new Scheduler({ db: handles[0].db, log: quiet, holder: 'stopping', minWaitMs: 10 });
    running.push(s);
    let release!: () => void;
    let aborted = false;
    const name = `test_job_${++seq}`;
    let runs = 0;
    s.add({
      name,
      periodMs: 60_000,
      run: (signal) => {
        runs++;
        signal.addEventListener('abort', () => {
          aborted = true;
        });
        return new Promise<void>((r) => {
          release = r;
        });
      },
    });
    s.start();
    for (let i = 0; i < 100 && !runs; i++) await sleep(20);
    expect(runs).toBe(1);
    // Abandoned after 200 ms: the claim stays (the run may still be going in this process).
    expect(await s.stop(200)).toEqual([name]);
    expect(aborted).toBe(true);
    const held = await handles[1].db.selectFrom('jobLease').selectAll().where('name', '=', name).executeTakeFirst();
    expect(held?.holder).toBe('stopping');

    const s2 = new Scheduler({ db: handles[0].db, log: quiet, holder: 'waiting', minWaitMs: 10 });
    running.push(s2);
    const name2 = `test_job_${++seq}`;
    let done = false;
    s2.add({
      name: name2,
      periodMs: 60_000,
      run: async () => {
        await sleep(300);
        done = true;
      },
    });
    s2.start();
    await sleep(100);
    // Waited for: the run ends and releases its claim before stop resolves.
    expect(await s2.stop(5000)).toEqual([]);
    expect(done).toBe(true);
    const freed = await handles[1].db.selectFrom('jobLease').selectAll().where('name', '=', name2).executeTakeFirst();
    expect(freed).toMatchObject({ holder: null, lastOutcome: 'ok' });
    release();
  });

  it("a failed run is an 'error' outcome and the job is due again a period later", async () => {
    const s = new Scheduler({ db: handles[0].db, log: quiet, minWaitMs: 10, observe: (_j, o) => outcomes.push(o) });
    running.push(s);
    const outcomes: Outcome[] = [];
    const name = `test_job_${++seq}`;
    s.add({ name, periodMs: 150, run: () => Promise.reject(new Error('boom')) });
    s.start();
    await sleep(500);
    await s.stop();
    expect(outcomes.length).toBeGreaterThanOrEqual(2);
    expect(outcomes.length).toBeLessThanOrEqual(4);
    expect(new Set(outcomes)).toEqual(new Set(['error']));
    const row = await handles[0].db.selectFrom('jobLease').selectAll().where('name', '=', name).executeTakeFirst();
    expect(row?.lastOutcome).toBe('error');
  });

  it("'after-period': a job never run before waits a period on a new database, then runs", async () => {
    const t = threeInstances({ periodMs: 400, first: 'after-period', workMs: 1 });
    const started = Date.now();
    for (const s of t.schedulers) s.start();
    await sleep(250);
    expect(t.runs).toHaveLength(0);
    await sleep(400);
    expect(t.runs).toHaveLength(1);
    expect(t.runs[0].start - started).toBeGreaterThanOrEqual(390);
  });
});
