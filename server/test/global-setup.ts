import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { register } from 'tsx/esm/api';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/client.ts';
import { bootstrapDatabase } from '../src/startup/bootstrap.ts';
import type { TestDbTarget } from './helpers/db.ts';
import { pgAdmin, pgTarget, pgUrlFor } from './pg-target.ts';

const quiet = { info: () => {} };
/** Only what bootstrapping reads: the developer's shell (DATABASE_URL, DEMO_SMS_CODE, ...) must not leak in. */
const bootConfig = () => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'always' });

/**
 * Builds the database once per run (migrations + base seeds + demo seeds) and hands its location to the test
 * workers through `inject('testDb')`. Every buildTestApp() then copies (SQLite) or clones (PostgreSQL) it.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  // Kysely's FileMigrationProvider imports the migration files with Node's own import(), outside vitest's
  // transform; Node 20 cannot load .ts by itself, so tsx's loader is registered for the bootstrap (as `tsx` does in
  // production).
  const unregister = register();
  // The admin seed reads ADMIN_PHONE from the environment; the suite expects the demo admin of docs/decisions.md#demo-data.
  const adminPhone = process.env.ADMIN_PHONE;
  process.env.ADMIN_PHONE = '13800000000';
  try {
    return await build(project, started);
  } finally {
    if (adminPhone === undefined) delete process.env.ADMIN_PHONE;
    else process.env.ADMIN_PHONE = adminPhone;
    await unregister();
  }
}

async function build(project: TestProject, started: number) {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = pgTarget();
    const runId = randomBytes(4).toString('hex');
    const template = `jz_tpl_${runId}`;
    await pgAdmin(adminUrl, `CREATE DATABASE ${template} TEMPLATE template0 ENCODING 'UTF8'`);
    const dropAll = async () => {
      // Clones a crashed worker left behind, then the template itself.
      const [{ rows }] = await pgAdmin(
        adminUrl,
        `SELECT datname FROM pg_database WHERE datname LIKE 'jz\\_t\\_${runId}\\_%'`,
      );
      await pgAdmin(
        adminUrl,
        ...[...rows.map((r) => r.datname as string), template].map((d) => `DROP DATABASE IF EXISTS ${d} WITH (FORCE)`),
      );
    };
    try {
      const handle = openDb({ kind: 'postgres', url: pgUrlFor(adminUrl, template), max: 2 });
      project.provide('seededAt', Date.now());
      await bootstrapDatabase(handle.db, bootConfig(), quiet);
      await handle.close();
    } catch (err) {
      await dropAll();
      throw err;
    }
    project.provide('testDb', { kind: 'postgres', adminUrl, template, runId } satisfies TestDbTarget);
    console.log(`[server tests] PostgreSQL template ${template} ready in ${Date.now() - started} ms`);
    return dropAll;
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'jz-test-'));
  const file = path.join(dir, 'template.db');
  try {
    const handle = openDb({ kind: 'sqlite', file });
    project.provide('seededAt', Date.now());
    await bootstrapDatabase(handle.db, bootConfig(), quiet);
    // One self-contained file (no -wal/-shm beside it) so a plain copy is a complete database.
    await sql`PRAGMA journal_mode = DELETE`.execute(handle.db);
    await handle.close();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  console.log(`[server tests] SQLite template ready in ${Date.now() - started} ms`);
  project.provide('testDb', { kind: 'sqlite', template: file, dir } satisfies TestDbTarget);
  return () => rmSync(dir, { recursive: true, force: true });
}
