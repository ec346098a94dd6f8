/**
 * `npm run db:backup` / `db:restore` round trip (server/scripts/db-backup.ts, db-restore.ts): the restored database
 * has the same row count in every table and the finance invariants hold. SQLite: online backup taken while the app
 * keeps writing; PostgreSQL: pg_dump / pg_restore into a fresh database.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { backupSqlite, pgDump, sqliteRowCounts } from '../../scripts/db-backup.ts';
import { pgRestore, restoreSqlite } from '../../scripts/db-restore.ts';
import { openDb } from '../../src/db/client.ts';
import { checkInvariants } from '../../src/modules/merchant/finance/invariants.ts';
import { api, buildTestApp, loginAs, PHONES, type TestApp } from '../helpers/index.ts';
import { pgAdmin, pgUrlFor } from '../pg-target.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'jz-backup-'));
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function pgCounts(url: string) {
  const h = openDb({ kind: 'postgres', url, max: 1 });
  try {
    const tables = await sql<{
      name: string;
    }>`select tablename as name from pg_tables where schemaname = 'public' order by 1`.execute(h.db);
    const out: Record<string, number> = {};
    for (const { name } of tables.rows)
      out[name] = Number(
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(h.db)).rows[0].n,
      );
    return { out, invariants: await checkInvariants(h.db) };
  } finally {
    await h.close();
  }
}

describe('db:backup / db:restore round trip', () => {
  it('SQLite: an online backup taken during writes restores to the same rows; the finance invariants hold', async () => {
    if (t.dbKind !== 'sqlite') return;
    const file = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.db))
      .rows[0].file;
    const owner = api(t.app, await loginAs(t.app, PHONES.ownerA));
    // Writes in flight while the backup runs (goods name edits).
    const writes = Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        owner.post('app/jiazheng/shangjia/shangpin/edit', { id: 1, name: `备份中 ${i}` }),
      ),
    );
    const backup = path.join(dir, 'b.db');
    await backupSqlite(file, backup);
    await writes;
    // The backup is a consistent state: take a second one at rest and compare it with the live database.
    const atRest = path.join(dir, 'rest.db');
    await backupSqlite(file, atRest);
    const live = sqliteRowCounts(file);
    expect(sqliteRowCounts(atRest)).toEqual(live);
    expect(Object.keys(live).length).toBeGreaterThan(40);

    // Restore over an existing, different database (a damaged copy with rows deleted).
    const target = path.join(dir, 'target.db');
    await backupSqlite(file, target);
    const damaged = openDb({ kind: 'sqlite', file: target });
    await sql`delete from message`.execute(damaged.db);
    await sql`update finance_account set balance = balance + 1`.execute(damaged.db); // the ledger is append-only
    expect((await checkInvariants(damaged.db)).problems.length).toBeGreaterThan(0);
    await damaged.close();
    expect(sqliteRowCounts(target).message).toBe(0);
    await restoreSqlite(atRest, target);
    expect(sqliteRowCounts(target)).toEqual(live);
    const restored = openDb({ kind: 'sqlite', file: target });
    try {
      expect((await checkInvariants(restored.db)).problems).toEqual([]);
    } finally {
      await restored.close();
    }
    expect(existsSync(backup)).toBe(true);
  });

  it('SQLite: a damaged backup is refused and the target is left alone', async () => {
    if (t.dbKind !== 'sqlite') return;
    const file = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.db))
      .rows[0].file;
    const target = path.join(dir, 'keep.db');
    await backupSqlite(file, target);
    const before = sqliteRowCounts(target);
    const bad = path.join(dir, 'bad.db');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(bad, Buffer.alloc(8192, 7));
    await expect(restoreSqlite(bad, target)).rejects.toThrow();
    expect(sqliteRowCounts(target)).toEqual(before);
  });

  it('PostgreSQL: pg_dump / pg_restore into a fresh database gives the same rows; invariants hold', {
    timeout: 120_000,
  }, async () => {
    if (t.dbKind !== 'postgres') return;
    const target = inject('testDb');
    if (target.kind !== 'postgres') return;
    const name = (await sql<{ n: string }>`select current_database() as n`.execute(t.db)).rows[0].n;
    const source = pgUrlFor(target.adminUrl, name);
    const dump = path.join(dir, 'pg.dump');
    pgDump(source, dump);
    const fresh = `jz_t_${target.runId}_r${randomBytes(3).toString('hex')}`;
    await pgAdmin(target.adminUrl, `CREATE DATABASE ${fresh} TEMPLATE template0 ENCODING 'UTF8'`);
    try {
      pgRestore(pgUrlFor(target.adminUrl, fresh), dump);
      const a = await pgCounts(source);
      const b = await pgCounts(pgUrlFor(target.adminUrl, fresh));
      expect(b.out).toEqual(a.out);
      expect(b.invariants.problems).toEqual([]);
      expect(Object.keys(b.out).length).toBeGreaterThan(40);
    } finally {
      await pgAdmin(target.adminUrl, `DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`);
    }
  });
});
