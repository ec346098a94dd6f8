import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { sql } from 'kysely';
import type { DB } from './client.ts';
import { isPg } from './migration-kit.ts';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Imports the migration files from our own code (not from inside kysely), so whatever loads TypeScript for the app —
 * tsx at run time, Vitest in tests, the bundle's index (scripts/build-server.mjs) — loads the migrations too.
 */
class TsMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = readdirSync(folder)
      .filter((f) => /\.(ts|js|mjs)$/.test(f) && !f.endsWith('.d.ts'))
      .sort();
    const out: Record<string, Migration> = {};
    for (const f of files)
      out[f.replace(/\.(ts|js|mjs)$/, '')] = await import(pathToFileURL(path.join(folder, f)).href);
    return out;
  }
}

const migrator = (db: DB) => new Migrator({ db, provider: new TsMigrationProvider(), allowUnorderedMigrations: true });

/**
 * Applies every pending migration. Modules add files to db/migrations with their own number range
 * (see docs/adding-a-domain.md); unordered application is allowed so ranges can land in any order.
 * Several processes at once: bootstrapDatabase (startup/bootstrap.ts) serialises them; Kysely's own PostgreSQL lock too.
 */
export async function migrateToLatest(db: DB) {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    // Kysely refuses a database that holds migrations this code lacks: a newer release migrated it (a rollback).
    const newer = /previously executed migration (\S+) is missing/.exec((error as Error).message ?? '')?.[1];
    if (newer)
      throw new Error(
        `the database has migration ${newer}, which this release does not have (a newer release migrated it): ` +
          'to run this older release on it, start it with MIGRATE_ON_START=false (docs/operations.md, Rollback)',
      );
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${(error as Error).message ?? error}`);
  }
  return results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
}

/** The names of this build's migrations, from the folder alone (nothing imported). */
export function shippedMigrationNames(): string[] {
  return readdirSync(folder)
    .filter((f) => /\.(ts|js|mjs)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => f.replace(/\.(ts|js|mjs)$/, ''))
    .sort();
}

/**
 * The migrations this code has that the database has not applied yet (all of them on an empty database). Reads the
 * names only: the readiness probe calls it, and importing every migration module (what Kysely's getMigrations does)
 * took seconds on a busy machine the first time, past the probe's bound.
 */
export async function pendingMigrations(db: DB): Promise<string[]> {
  const shipped = shippedMigrationNames();
  const exists = isPg(db)
    ? sql<{ ok: boolean }>`select to_regclass('kysely_migration') is not null as ok`
    : sql<{ ok: number }>`select count(*) as ok from sqlite_master where type = 'table' and name = 'kysely_migration'`;
  if (!(await exists.execute(db)).rows[0]?.ok) return shipped;
  const applied = new Set(
    (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name),
  );
  return shipped.filter((name) => !applied.has(name));
}
