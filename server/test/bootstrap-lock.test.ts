import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { bootstrapDatabase, migrateOnStart } from '../src/startup/bootstrap.ts';
import { type DbHandle, openDb } from '../src/db/client.ts';
import { testDbKind } from './helpers/db.ts';
import { pgAdmin, pgTarget, pgUrlFor } from './pg-target.ts';

/**
 * Several instances starting together on one empty database (docs/operations.md): one migrates and seeds, the others wait for
 * it and then find nothing to do; no migration or base seed runs twice. Runs on the database kind of this run
 * (TEST_DB), each test on a new, empty database of its own.
 */
const kind = testDbKind();
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'never' });
const MIGRATIONS = readdirSync(path.join(import.meta.dirname, '../src/db/migrations')).filter((f) =>
  f.endsWith('.ts'),
).length;

let dir: string;
const dropDbs: string[] = [];
// As in a built server: the seed fingerprint is fixed (from source it hashes the sources, which may change mid-test).
const build = globalThis as { __JZ_BUILD__?: { fingerprint: string } };
const builtBefore = build.__JZ_BUILD__;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'jz-boot-'));
  build.__JZ_BUILD__ = { fingerprint: 'bootstrap-lock-test' };
});
afterAll(async () => {
  build.__JZ_BUILD__ = builtBefore;
  rmSync(dir, { recursive: true, force: true });
  if (dropDbs.length) await pgAdmin(pgTarget(), ...dropDbs.map((d) => `DROP DATABASE IF EXISTS ${d} WITH (FORCE)`));
});

/** A new empty database and a way to open connections to it (several handles = several processes). */
async function emptyDatabase() {
  const id = randomBytes(4).toString('hex');
  if (kind === 'postgres') {
    const name = `jz_boot_${id}`;
    await pgAdmin(pgTarget(), `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
    dropDbs.push(name);
    const url = pgUrlFor(pgTarget(), name);
    return { url, open: (): DbHandle => openDb({ kind: 'postgres', url, max: 3 }) };
  }
  const file = path.join(dir, `boot_${id}.db`);
  return { url: `sqlite:${file}`, open: (): DbHandle => openDb({ kind: 'sqlite', file }) };
}

/** A logger that keeps its messages. */
function recorder() {
  const lines: string[] = [];
  const log = (_o: unknown, msg?: string) => lines.push(typeof _o === 'string' ? _o : (msg ?? ''));
  return { lines, log: { info: log, warn: log } as never };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`bootstrap on one database from several processes (${kind})`, () => {
  it('two at once: both finish, the migrations and base seeds run once', async () => {
    const target = await emptyDatabase();
    const handles = [target.open(), target.open()];
    const logs = [recorder(), recorder()];
    try {
      await Promise.all(handles.map((h, i) => bootstrapDatabase(h.db, config, logs[i].log, { migrate: true })));
      const applied = logs.filter((l) => l.lines.includes('migrations applied'));
      expect(applied).toHaveLength(1);
      const other = logs.find((l) => !l.lines.includes('migrations applied'))!;
      // The second one waited for the first, then found the catalogue seeded by the same sources.
      expect(other.lines.some((l) => /waiting for it/.test(l))).toBe(true);
      expect(other.lines).toContain('seed catalogue unchanged: base seeds skipped');

      const db = handles[0].db;
      const migrations = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(db);
      expect(Number(migrations.rows[0].n)).toBe(MIGRATIONS);
      // Base seeds once: one admin, no menu key twice.
      const admins = await db.selectFrom('user').select('id').where('phone', '=', '13800000000').execute();
      expect(admins).toHaveLength(1);
      const menus = await sql<{ n: number; keys: number }>`
        select count(*) as n, count(distinct seed_key) as keys from menu where seed_key is not null`.execute(db);
      expect(Number(menus.rows[0].n)).toBeGreaterThan(0);
      expect(Number(menus.rows[0].n)).toBe(Number(menus.rows[0].keys));
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  }, 120_000);

  it('waits while another holds the lock, goes on when it is released', async () => {
    const target = await emptyDatabase();
    const handle = target.open();
    let release: () => Promise<void>;
    if (kind === 'postgres') {
      const holder = new pg.Client({ connectionString: target.url });
      await holder.connect();
      await holder.query(`select pg_advisory_lock(${0x6a7a626f6f74})`);
      release = async () => {
        await holder.query(`select pg_advisory_unlock(${0x6a7a626f6f74})`);
        await holder.end();
      };
    } else {
      // A live process of this host (our parent) holds the row.
      const other = openDb({ kind: 'sqlite', file: target.url.slice('sqlite:'.length) });
      await sql`create table kysely_bootstrap_lock (id integer primary key check (id = 1), owner text not null, expires integer not null)`.execute(
        other.db,
      );
      await sql`insert into kysely_bootstrap_lock values (1, ${`${hostname()} ${process.ppid} x`}, ${Date.now() + 60_000})`.execute(
        other.db,
      );
      release = async () => {
        await sql`delete from kysely_bootstrap_lock`.execute(other.db);
        await other.close();
      };
    }
    try {
      const rec = recorder();
      let done = false;
      const boot = bootstrapDatabase(handle.db, config, rec.log, { migrate: true }).then(() => {
        done = true;
      });
      await sleep(1500);
      expect(done).toBe(false);
      expect(rec.lines.some((l) => /waiting for it/.test(l))).toBe(true);
      await release();
      await boot;
      expect(rec.lines).toContain('migrations applied');
    } finally {
      await handle.close();
    }
  }, 120_000);

  it.skipIf(kind === 'postgres')(
    'SQLite: a lock row left by a dead process or expired is taken over',
    async () => {
      for (const owner of [`${hostname()} 2147483646 dead`, 'elsewhere 1 expired']) {
        const target = await emptyDatabase();
        const handle = target.open();
        try {
          await sql`create table kysely_bootstrap_lock (id integer primary key check (id = 1), owner text not null, expires integer not null)`.execute(
            handle.db,
          );
          const expires = owner.endsWith('dead') ? Date.now() + 60_000 : Date.now() - 1;
          await sql`insert into kysely_bootstrap_lock values (1, ${owner}, ${expires})`.execute(handle.db);
          await bootstrapDatabase(handle.db, config, recorder().log, { migrate: true });
          const left = await sql<{ n: number }>`select count(*) as n from kysely_bootstrap_lock`.execute(handle.db);
          expect(Number(left.rows[0].n)).toBe(0);
        } finally {
          await handle.close();
        }
      }
    },
    120_000,
  );

  it('MIGRATE_ON_START=false: refuses a database with pending migrations, starts on a migrated one', async () => {
    const target = await emptyDatabase();
    const handle = target.open();
    try {
      await expect(bootstrapDatabase(handle.db, config, recorder().log, { migrate: false })).rejects.toThrow(
        new RegExp(`MIGRATE_ON_START=false, but ${MIGRATIONS} migration\\(s\\) are pending.*migrate`),
      );
      await bootstrapDatabase(handle.db, config, recorder().log, { migrate: true });
      const rec = recorder();
      await bootstrapDatabase(handle.db, config, rec.log, { migrate: false });
      expect(rec.lines).toContain('MIGRATE_ON_START=false: schema up to date, migrations not run at start');
      expect(rec.lines.some((l) => /base seeds/.test(l))).toBe(false);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('rollback: an older release refuses to migrate a database migrated by a newer one, starts with MIGRATE_ON_START=false', async () => {
    const target = await emptyDatabase();
    const handle = target.open();
    try {
      await bootstrapDatabase(handle.db, config, recorder().log, { migrate: true });
      // A migration only the newer release has.
      await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_release', ${new Date().toISOString()})`.execute(
        handle.db,
      );
      await expect(bootstrapDatabase(handle.db, config, recorder().log, { migrate: true })).rejects.toThrow(
        /migration 9999_from_a_newer_release, which this release does not have.*MIGRATE_ON_START=false/,
      );
      const rec = recorder();
      await bootstrapDatabase(handle.db, config, rec.log, { migrate: false });
      expect(rec.lines).toContain('MIGRATE_ON_START=false: schema up to date, migrations not run at start');
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('MIGRATE_ON_START: true by default, false when asked, refused otherwise', () => {
    expect(migrateOnStart({})).toBe(true);
    expect(migrateOnStart({ MIGRATE_ON_START: 'true' })).toBe(true);
    expect(migrateOnStart({ MIGRATE_ON_START: 'FALSE' })).toBe(false);
    expect(migrateOnStart({ MIGRATE_ON_START: '0' })).toBe(false);
    expect(() => migrateOnStart({ MIGRATE_ON_START: 'maybe' })).toThrow(/MIGRATE_ON_START: must be true or false/);
  });
});
