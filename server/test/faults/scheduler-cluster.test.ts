import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase, type TestDb, testDbKind } from '../helpers/db.ts';
import { type ServerProcess, startServer } from './server-process.ts';

/**
 * Three real server processes (scripts/start.mjs, the bundle) on one PostgreSQL database, every job's period cut to
 * PERIOD ms (JOB_PERIOD_MS): between them each job runs once per period, every start at least a period after the end
 * of the previous run whichever instance ran it. With a timer per instance each job would run three times as often.
 */
const PERIOD = 1500;
const WATCH_MS = 12_000;
const JOBS = [
  'finance_unfreeze',
  'finance_payout_recovery',
  'licence_expiry_notice',
  'order_expire_unpaid',
  'order_stream_prune',
];

interface Run {
  job: string;
  holder: string;
  start: number;
  end: number;
  outcome: string;
}

let db: TestDb;
const servers: ServerProcess[] = [];

describe.skipIf(testDbKind() !== 'postgres')('jobs across three instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    db = await cloneDatabase();
    const start = () =>
      startServer({ databaseUrl: db.url, env: { JOB_PERIOD_MS: String(PERIOD), LOG_LEVEL: 'debug' } });
    // One first (it may build the bundle), then two together.
    servers.push(await start());
    servers.push(...(await Promise.all([start(), start()])));
  }, 300_000);
  afterAll(async () => {
    for (const s of servers) await s.dispose();
    await db?.dispose();
  });

  it('each job runs once per period between them, never twice at once, and every instance stops cleanly', async () => {
    const from = Date.now();
    await new Promise((r) => setTimeout(r, WATCH_MS));
    const to = Date.now();
    for (const s of servers) s.child.kill('SIGTERM');
    const codes = await Promise.all(servers.map((s) => s.exited));

    const runs: Run[] = [];
    for (const s of servers)
      for (const line of s.output().split('\n')) {
        if (!line.includes('"job finished"')) continue;
        const l = JSON.parse(line) as { job: string; holder: string; startedAt: string; ms: number; outcome: string };
        const start = Date.parse(l.startedAt);
        runs.push({ job: l.job, holder: l.holder, start, end: start + l.ms, outcome: l.outcome });
      }
    const summary: string[] = [];
    for (const job of JOBS) {
      const mine = runs.filter((r) => r.job === job).sort((a, b) => a.start - b.start);
      const inWindow = mine.filter((r) => r.start >= from && r.start <= to);
      // At most one per period in the window (plus one at its edge); a timer per instance would make ~3 per period.
      expect(inWindow.length, `${job}: ${inWindow.length} runs in ${to - from} ms`).toBeLessThanOrEqual(
        Math.floor((to - from) / PERIOD) + 1,
      );
      expect(inWindow.length, job).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < mine.length; i++)
        // `ms` is rounded in the log: a millisecond of slack either side.
        expect(mine[i].start - mine[i - 1].end, `${job}: run ${i} started too soon`).toBeGreaterThanOrEqual(PERIOD - 2);
      expect(new Set(mine.map((r) => r.outcome)), job).toEqual(new Set(['ok']));
      summary.push(`${job} ${inWindow.length} (${new Set(inWindow.map((r) => r.holder)).size} instances)`);
    }
    expect(codes).toEqual([0, 0, 0]);
    console.log(`[scheduler-cluster] runs in ${to - from} ms, period ${PERIOD} ms: ${summary.join(', ')}`);
  }, 120_000);
});
