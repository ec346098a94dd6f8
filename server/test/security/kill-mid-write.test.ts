/**
 * A process killed in the middle of a withdrawal or an order transition (docs/security.md; Faults). A child process
 * (kill-worker.ts, the real finance and order code) works on a copy of the seeded database in a tight loop and is
 * SIGKILLed at a random moment, several times. Afterwards: the finance invariants hold (checkInvariants, the logic of
 * `npm run finance:check`), every order is in one state and its timeline is a chain ending in that state, the order
 * counters kept by triggers match the orders, and every withdrawal's ledger entries match its state.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../src/modules/merchant/finance/invariants.ts';
import { PAYOUT_RETRY_MS, resumeStuckPayouts } from '../../src/modules/merchant/finance/withdraw.service.ts';
import { cloneDatabase, type TestDb } from '../helpers/db.ts';
import { PHONES } from '../helpers/index.ts';

const KILLS = Number(process.env.KILL_RUNS ?? 6);
const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'kill-worker.ts');

let copy: TestDb;
beforeAll(async () => {
  copy = await cloneDatabase();
});
afterAll(async () => {
  await copy?.dispose();
});

/** Starts the worker; resolves once it is connected, with a counter of the calls it has committed. */
function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const done = { ops: 0, stderr: '', last: '' };
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => {
      if (d.includes('ready')) resolve();
      done.ops += (d.match(/^op /gm) ?? []).length;
      done.last = d.trim().split('\n').at(-1) ?? done.last;
    });
    child.stderr!.on('data', (d) => {
      done.stderr += d;
    });
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`worker exited ${code} ${signal}: ${done.stderr.slice(-2000)}`));
    });
  });
  return { child, done, ready };
}

/** Kills the worker; answers the signal it died of (a worker that crashed on its own answers null at once). */
const killed = (child: ChildProcess) =>
  new Promise<string | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.signalCode);
    child.on('exit', (_c, signal) => resolve(signal));
    child.kill('SIGKILL');
  });

async function orderProblems(db: TestDb['handle']['db']) {
  const d = db as any;
  const problems: string[] = [];
  const orders = await d
    .selectFrom('serviceOrder')
    .select(['id', 'status', 'employeeId', 'shopId', 'merchantId'])
    .execute();
  const timeline = await d
    .selectFrom('orderTimeline')
    .select(['orderId', 'fromStatus', 'toStatus'])
    .orderBy('orderId')
    .orderBy('id')
    .execute();
  const byOrder = new Map<number, { fromStatus: number | null; toStatus: number }[]>();
  for (const r of timeline) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
  for (const o of orders) {
    const rows = byOrder.get(o.id) ?? [];
    if (!rows.length) continue; // unpaid seed orders have no timeline yet
    if (rows.at(-1)!.toStatus !== o.status)
      problems.push(`order ${o.id}: status ${o.status}, timeline ends at ${rows.at(-1)!.toStatus}`);
    for (let i = 1; i < rows.length; i++)
      if (rows[i].fromStatus !== null && rows[i].fromStatus !== rows[i - 1].toStatus)
        problems.push(`order ${o.id}: timeline step ${i} from ${rows[i].fromStatus} after ${rows[i - 1].toStatus}`);
    if ((o.status === 30 || o.status === 40) && !o.employeeId)
      problems.push(`order ${o.id}: ${o.status} without employee`);
  }
  // Counters kept by triggers (migration 1301) must match the orders themselves.
  const counted = await d.selectFrom('orderStatusCount').select(['merchantId', 'shopId', 'status', 'n']).execute();
  const actual = new Map<string, number>();
  for (const o of orders)
    actual.set(
      `${o.merchantId}/${o.shopId}/${o.status}`,
      (actual.get(`${o.merchantId}/${o.shopId}/${o.status}`) ?? 0) + 1,
    );
  for (const c of counted) {
    const k = `${c.merchantId}/${c.shopId}/${c.status}`;
    if (Number(c.n) !== (actual.get(k) ?? 0)) problems.push(`order_status_count ${k}: ${c.n} != ${actual.get(k) ?? 0}`);
    actual.delete(k);
  }
  for (const [k, n] of actual) if (n) problems.push(`order_status_count ${k}: missing (${n} orders)`);
  return problems;
}

describe('SIGKILL in the middle of withdrawals and order transitions', () => {
  it(`keeps the finance invariants and one consistent state per order after ${KILLS} kills`, async () => {
    const db = copy.handle.db as any;
    const owner = await db
      .selectFrom('user')
      .select(['id', 'merchantId'])
      .where('phone', '=', PHONES.ownerA)
      .executeTakeFirstOrThrow();
    const card = await db
      .selectFrom('bankCard')
      .select('id')
      .where('merchantId', '=', owner.merchantId)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const goods = await db
      .selectFrom('goods')
      .innerJoin('shop', 'shop.id', 'goods.shopId')
      .select('goods.id')
      .where('goods.merchantId', '=', owner.merchantId)
      .where('goods.shelfState', '=', 1)
      .where('shop.auditStatus', '=', 1)
      .where('shop.yingyeState', '=', 1)
      .where('goods.minQuantity', '<=', 1)
      .orderBy('goods.id')
      .executeTakeFirstOrThrow();
    const customer = await db.selectFrom('customer').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect((await checkInvariants(copy.handle.db)).problems).toEqual([]);
    expect(await orderProblems(copy.handle.db)).toEqual([]);
    const countRows = async () => ({
      withdrawals: Number(
        (
          await db
            .selectFrom('financeWithdrawal')
            .select((e: any) => e.fn.countAll().as('n'))
            .executeTakeFirst()
        ).n,
      ),
      timeline: Number(
        (
          await db
            .selectFrom('orderTimeline')
            .select((e: any) => e.fn.countAll().as('n'))
            .executeTakeFirst()
        ).n,
      ),
    });
    const start = await countRows();
    const env = {
      KILL_DB_URL: copy.url,
      KILL_MERCHANT: String(owner.merchantId),
      KILL_USER: String(owner.id),
      KILL_CARD: String(card.id),
      KILL_GOODS: String(goods.id),
      KILL_CUSTOMER: String(customer.id),
    };
    const runs: { afterMs: number; ops: number; inCall: string | null }[] = [];
    for (let k = 0; k < KILLS; k++) {
      const w = startWorker(env);
      await w.ready;
      const afterMs = 150 + Math.floor(Math.random() * 700);
      await new Promise((r) => setTimeout(r, afterMs));
      expect(await killed(w.child), `worker died by itself: ${w.done.stderr.slice(-1500)}`).toBe('SIGKILL');
      // The last line the worker wrote: "begin <op>" means the kill landed inside that call.
      runs.push({ afterMs, ops: w.done.ops, inCall: w.done.last.startsWith('begin ') ? w.done.last.slice(6) : null });
      // Checked after every kill, as the next process would find the database.
      const fin = await checkInvariants(copy.handle.db);
      expect(fin.problems, `after kill ${k + 1}`).toEqual([]);
      expect(await orderProblems(copy.handle.db), `after kill ${k + 1}`).toEqual([]);
    }
    // Recovery: withdrawals a kill left 打款中 are paid by the scheduled job once their attempt is stale.
    const stuck = async () =>
      Number(
        (
          await db
            .selectFrom('financeWithdrawal')
            .select((e: any) => e.fn.countAll().as('n'))
            .where('status', '=', 20)
            .executeTakeFirst()
        ).n,
      );
    const stuckBefore = await stuck();
    await resumeStuckPayouts(copy.handle.db, new Date(Date.now() + PAYOUT_RETRY_MS + 60_000));
    expect(await stuck()).toBe(0);
    expect((await checkInvariants(copy.handle.db)).problems).toEqual([]);
    const end = await countRows();
    const ops = runs.reduce((s, r) => s + r.ops, 0);
    console.info(
      `kill-mid-write (${copy.url.startsWith('sqlite') ? 'sqlite' : 'postgres'}): ${KILLS} SIGKILLs at ` +
        `${runs.map((r) => `${r.afterMs}ms/${r.ops} ops${r.inCall ? ` (inside ${r.inCall})` : ''}`).join(', ')}; ` +
        `${runs.filter((r) => r.inCall).length} kills inside a call; ${ops} calls committed, ` +
        `${end.withdrawals - start.withdrawals} withdrawals and ${end.timeline - start.timeline} order steps written; ` +
        `invariants and order states consistent after every kill; ${stuckBefore} withdrawals left 打款中, paid by the recovery job`,
    );
    expect(ops).toBeGreaterThan(0);
  }, 300_000);
});
