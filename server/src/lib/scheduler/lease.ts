import type { DB } from '../../db/client.ts';
import './job-lease.tables.ts';

/**
 * The job_lease row operations. Every claim is one conditional UPDATE … RETURNING: the database serialises writers to a
 * row (PostgreSQL row lock, SQLite's single writer), so of several instances asking at once exactly one gets the row
 * back. Times are ISO-8601 UTC text (24 characters, so text order is time order) from each instance's clock: clocks
 * must agree to well under a lease (NTP), which they do by seconds at worst.
 */
const iso = (ms: number) => new Date(ms).toISOString();

/** The row of a job, created on first sight; `firstDueAt` is when a job never run anywhere becomes due. */
export async function ensureLease(db: DB, name: string, firstDueAt: number, periodMs: number) {
  await db
    .insertInto('jobLease')
    // Due when last_finished_at + period has passed: a first due time is stored as a run that "finished" a period before.
    .values({ name, lastFinishedAt: iso(firstDueAt - periodMs) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Takes the job for one run when nobody holds it (no lease, or an expired one: a dead holder) and it is due (its last
 * run on any instance finished a period ago). Answers whether this instance got it.
 */
export async function claimLease(db: DB, name: string, holder: string, now: number, periodMs: number, leaseMs: number) {
  const row = await db
    .updateTable('jobLease')
    .set({ holder, leaseUntil: iso(now + leaseMs), lastStartedAt: iso(now) })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', iso(now))]))
    .where((eb) => eb.or([eb('lastFinishedAt', 'is', null), eb('lastFinishedAt', '<=', iso(now - periodMs))]))
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

/** Extends a claim while its run lasts; false when the claim was lost (it expired and another instance took it). */
export async function renewLease(db: DB, name: string, holder: string, now: number, leaseMs: number) {
  const row = await db
    .updateTable('jobLease')
    .set({ leaseUntil: iso(now + leaseMs) })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends a run: the job is free, and due again a period from now. False when the claim had been lost meanwhile. */
export async function releaseLease(db: DB, name: string, holder: string, now: number, outcome: 'ok' | 'error') {
  const row = await db
    .updateTable('jobLease')
    .set({ holder: null, leaseUntil: null, lastFinishedAt: iso(now), lastOutcome: outcome })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

export async function readLease(db: DB, name: string) {
  return db.selectFrom('jobLease').selectAll().where('name', '=', name).executeTakeFirst();
}
