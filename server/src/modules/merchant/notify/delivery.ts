import type { NotifyEvent } from '@jz/contracts/notify';
import { PostgresAdapter, type Updateable } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { open } from '../../../lib/secret-box.ts';
import { type NoticeGateway, NoticeSendError } from './gateway.ts';
import { PHONE_FIELD } from './notify.service.ts';
import { BACKOFF_MS, LIMIT_WINDOW_MS, MAX_ATTEMPTS, releaseAt } from './rules.ts';
import type { NotifyOutboxTable } from './notify.tables.ts';

/**
 * The delivery of queued messages (the notify_deliver job; docs/messages.md "Delivery guarantees").
 *
 * A run claims due rows in a short transaction: on PostgreSQL `FOR UPDATE SKIP LOCKED`, so two deliveries never claim
 * one row, then marks them with its holder and a lease. Each row is then sent outside any transaction and recorded
 * with a conditional update on its holder. A delivery that dies after claiming leaves the row with its holder and an
 * expiring lease: the next claim sees it "in doubt" and asks the provider whether a message with its key went out
 * (gateway.sentBefore) before sending it again. So a message is sent once per key even across a killed instance,
 * as long as the provider can answer that question (the console file and Aliyun's QuerySendDetails can).
 */

export interface DeliveryOptions {
  gateway: NoticeGateway;
  holder: string;
  hourlyLimit: number;
  /** The clock (tests pin it). */
  now?: () => number;
  leaseMs?: number;
  batch?: number;
  /** Stop between rows when the instance stops. */
  signal?: AbortSignal;
  /** At most this many rows per run (the job runs again a period later). */
  maxRows?: number;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
  held: number;
  recovered: number;
}

export const ROW_LEASE_MS = 30_000;

type Claimed = {
  id: number;
  event: string;
  phone: string;
  phoneHash: string;
  params: string;
  content: string;
  idemKey: string;
  jobAt: string | null;
  attempts: number;
  holder: string | null;
  createdAt: string;
};

const iso = (ms: number) => new Date(ms).toISOString();

/** Claims up to `batch` due rows for `holder`. */
export async function claimDue(
  db: DB,
  holder: string,
  now: number,
  leaseMs: number,
  batch: number,
): Promise<Claimed[]> {
  return db.transaction().execute(async (trx) => {
    let q = trx
      .selectFrom('notifyOutbox')
      .select([
        'id',
        'event',
        'phone',
        'phoneHash',
        'params',
        'content',
        'idemKey',
        'jobAt',
        'attempts',
        'holder',
        'createdAt',
      ])
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', iso(now))
      .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', iso(now))]))
      .orderBy('nextAttemptAt')
      .orderBy('id')
      .limit(batch);
    if (trx.getExecutor().adapter instanceof PostgresAdapter) q = q.forUpdate().skipLocked();
    const rows = await q.execute();
    if (!rows.length) return [];
    await trx
      .updateTable('notifyOutbox')
      .set({ holder, leaseUntil: iso(now + leaseMs), updatedAt: iso(now) })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows;
  });
}

/** Sends every due message (in batches), each at most once per key. */
export async function deliverDue(db: DB, o: DeliveryOptions): Promise<DeliveryReport> {
  const clock = o.now ?? Date.now;
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, held: 0, recovered: 0 };
  let done = 0;
  while (!o.signal?.aborted && done < (o.maxRows ?? 500)) {
    const rows = await claimDue(db, o.holder, clock(), o.leaseMs ?? ROW_LEASE_MS, o.batch ?? 5);
    if (!rows.length) break;
    for (const row of rows) {
      done++;
      // Rows claimed but not reached (the instance stops) keep their lease and are taken again after it.
      if (o.signal?.aborted) break;
      await deliverOne(db, o, row, clock(), report);
    }
  }
  return report;
}

async function deliverOne(db: DB, o: DeliveryOptions, row: Claimed, now: number, report: DeliveryReport) {
  const mine = (set: Updateable<NotifyOutboxTable>) =>
    db
      .updateTable('notifyOutbox')
      .set({ holder: null, leaseUntil: null, updatedAt: iso(now), ...set })
      .where('id', '=', row.id)
      .where('holder', '=', o.holder)
      .execute();

  const due = releaseAt(now, row.jobAt);
  if (due > now) {
    report.held++;
    return mine({ nextAttemptAt: iso(due), reason: '免打扰时段（21:00–08:00），08:00 后发送' });
  }
  const recent = await db
    .selectFrom('notifyOutbox')
    .select('sentAt')
    .where('phoneHash', '=', row.phoneHash)
    .where('status', '=', 'sent')
    .where('sentAt', '>', iso(now - LIMIT_WINDOW_MS))
    .orderBy('sentAt')
    .execute();
  if (recent.length >= o.hourlyLimit) {
    report.held++;
    const free = Date.parse(recent[recent.length - o.hourlyLimit].sentAt as string) + LIMIT_WINDOW_MS;
    return mine({ nextAttemptAt: iso(free), reason: `该号码每小时最多 ${o.hourlyLimit} 条，稍后发送` });
  }

  const phone = open(PHONE_FIELD.purpose, row.phone, { table: 'notify_outbox', id: row.id });
  const m = {
    phone,
    event: row.event as NotifyEvent,
    params: JSON.parse(row.params) as Record<string, string>,
    content: row.content,
    key: row.idemKey,
  };
  // A holder left on the row: an earlier delivery claimed it and died before recording; it may have sent it.
  if (row.holder && row.holder !== o.holder && (await o.gateway.sentBefore(m, row.createdAt).catch(() => null))) {
    report.recovered++;
    return mine({ status: 'sent', sentAt: iso(now), reason: null });
  }
  const attempts = row.attempts + 1;
  try {
    await o.gateway.send(m);
  } catch (e) {
    const retryable = e instanceof NoticeSendError ? e.retryable : true;
    const why = (e as Error).message ?? String(e);
    if (!retryable || attempts >= MAX_ATTEMPTS) {
      report.failed++;
      return mine({ status: 'failed', attempts, reason: retryable ? `${attempts} 次发送均失败：${why}` : why });
    }
    report.retried++;
    const wait = BACKOFF_MS[attempts - 1];
    return mine({
      attempts,
      nextAttemptAt: iso(now + wait),
      reason: `第 ${attempts} 次发送失败（${why}），${wait / 60_000} 分钟后重试`,
    });
  }
  report.sent++;
  return mine({ status: 'sent', attempts, sentAt: iso(now), reason: null });
}
