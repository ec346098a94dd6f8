import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../src/modules/merchant/notify/notify.service.ts';
import { cloneDatabase, type TestDb, testDbKind } from '../helpers/db.ts';
import { type ServerProcess, startServer } from './server-process.ts';

/**
 * The SMS outbox across a killed instance (docs/messages.md "Delivery guarantees"): three real server processes on one
 * PostgreSQL database deliver queued messages through the console gateway, which appends each send to a file (the
 * provider's record) and answers DELAY ms after writing it. The instance delivering is SIGKILLed right after a send
 * is written, before it can record it; once its leases expire another instance finishes, asking the provider (the
 * file) about the row left in doubt. Every message is then sent, each key exactly once: none lost, none doubled.
 */
const MESSAGES = 40;
const DELAY = 300;

let db: TestDb;
let dir: string;
const servers: ServerProcess[] = [];

describe.skipIf(testDbKind() !== 'postgres')('the outbox across a killed instance (PostgreSQL)', () => {
  beforeAll(async () => {
    db = await cloneDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'jz-notify-'));
    const start = () =>
      startServer({
        databaseUrl: db.url,
        env: {
          JOB_PERIOD_MS: '1000',
          NOTIFY_SMS_LOG_FILE: path.join(dir, 'sms.jsonl'),
          NOTIFY_SMS_DELAY_MS: String(DELAY),
          NOTIFY_HOURLY_LIMIT: '100',
        },
      });
    servers.push(await start());
    servers.push(...(await Promise.all([start(), start()])));
  }, 300_000);
  afterAll(async () => {
    for (const s of servers) await s.dispose();
    await db?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('delivers every message exactly once although the delivering instance is killed mid-run', async () => {
    const d = db.handle.db;
    const merchant = await d.selectFrom('merchant').select('id').orderBy('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const keys: string[] = [];
    await d.transaction().execute(async (trx) => {
      for (let i = 0; i < MESSAGES; i++) {
        const key = `kill:${i}`;
        keys.push(key);
        // a job today: quiet hours let it through at any hour of the test run
        await enqueue(trx, {
          merchantId: merchant.id,
          event: 'staff_cancelled',
          phone: `1390000${String(i).padStart(4, '0')}`,
          params: { time: '今天', service: '保洁', address: '测试地址' },
          idemKey: key,
          jobAt: now,
        });
      }
    });
    const file = path.join(dir, 'sms.jsonl');
    const sends = () => {
      try {
        return (
          readFileSync(file, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as { key: string; pid: number })
            // the seeded demo orders queued messages of their own
            .filter((l) => l.key.startsWith('kill:'))
        );
      } catch {
        return [];
      }
    };
    // Wait for the delivery to be under way, then kill the instance doing it.
    const t0 = Date.now();
    while (sends().length < 5 && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 10));
    const deliverer = sends().at(-1)?.pid;
    const victim = servers.find((s) => s.child.pid === deliverer);
    expect(victim, 'the delivering instance').toBeDefined();
    victim?.child.kill('SIGKILL');
    await victim?.exited;
    const atKill = sends().length;
    expect(atKill).toBeLessThan(MESSAGES);

    const pending = () =>
      d
        .selectFrom('notifyOutbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '!=', 'sent')
        .where('idemKey', 'like', 'kill:%')
        .executeTakeFirstOrThrow();
    const t1 = Date.now();
    while (Number((await pending()).n) > 0 && Date.now() - t1 < 120_000) await new Promise((r) => setTimeout(r, 500));
    expect(Number((await pending()).n)).toBe(0);

    const all = sends();
    const perKey = new Map<string, number>();
    for (const s of all) perKey.set(s.key, (perKey.get(s.key) ?? 0) + 1);
    expect([...perKey.keys()].sort()).toEqual([...keys].sort());
    expect([...perKey.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    // The kill landed between a send and its record: that row was settled by asking the provider, not sent again.
    const recovered = await d
      .selectFrom('notifyOutbox')
      .select('idemKey')
      .where('idemKey', 'like', 'kill:%')
      .where('attempts', '=', 0)
      .execute();
    expect(recovered.length).toBeGreaterThanOrEqual(1);
    const by = new Set(all.map((s) => s.pid));
    expect(by.size).toBeGreaterThanOrEqual(2);
    console.log(
      `[notify-cluster] ${MESSAGES} messages, ${atKill} sent before the kill of pid ${deliverer} (${recovered.length} in doubt, settled by the provider's record), the rest by ${[...by].filter((p) => p !== deliverer).join(', ')} after ${Math.round((Date.now() - t1) / 1000)} s`,
    );
  }, 300_000);
});
