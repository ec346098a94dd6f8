import type { Kysely } from 'kysely';

/**
 * Background jobs shared by every instance (lib/scheduler): one row per job. `holder` and `lease_until` say which
 * instance is running it and until when its claim holds (extended while the run lasts; a dead holder's claim expires);
 * `last_finished_at` is when the last run ended on any instance, from which the next run is due.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('job_lease')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_started_at', 'text')
    .addColumn('last_finished_at', 'text')
    // ok | error: how the last run ended
    .addColumn('last_outcome', 'text')
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('job_lease').ifExists().execute();
}
