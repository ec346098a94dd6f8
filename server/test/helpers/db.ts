import { randomBytes } from 'node:crypto';
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { shanghaiDay } from '@jz/contracts/dispatch';
import { inject } from 'vitest';
import { type DbHandle, openDb } from '../../src/db/client.ts';
import { pgAdmin, pgUrlFor } from '../pg-target.ts';

/** Where global-setup left the seeded template (see vitest.config.ts). */
export type TestDbTarget =
  | { kind: 'sqlite'; template: string; dir: string }
  | { kind: 'postgres'; adminUrl: string; template: string; runId: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbTarget;
    /** When global-setup seeded the template (epoch ms): the demo's dates are relative to that day. */
    seededAt: number;
  }
}

export interface TestDb {
  handle: DbHandle;
  /** DATABASE_URL of the copy, for the app's config. */
  url: string;
  /** Closes the connection(s) and deletes the copy. */
  dispose: () => Promise<void>;
}

export const testDbKind = () => inject('testDb').kind;

/**
 * Shanghai days from the day the template was seeded to today: 0, or 1 when a run crosses midnight in Shanghai
 * between the seed and a test (the demo's "expires in 12 days" then reads 11).
 */
export const daysSinceSeed = () =>
  Math.round((Date.parse(shanghaiDay(Date.now())) - Date.parse(shanghaiDay(inject('seededAt')))) / 86_400_000);

/** A fresh, private copy of the seeded database: a file copy on SQLite, `CREATE DATABASE ... TEMPLATE` on PostgreSQL. */
export async function cloneDatabase(): Promise<TestDb> {
  const target = inject('testDb');
  const id = randomBytes(5).toString('hex');
  if (target.kind === 'sqlite') {
    const file = path.join(target.dir, `t_${process.pid}_${id}.db`);
    copyFileSync(target.template, file);
    const handle = openDb({ kind: 'sqlite', file });
    return {
      handle,
      url: `sqlite:${file}`,
      dispose: async () => {
        await handle.close();
        for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
      },
    };
  }
  const name = `jz_t_${target.runId}_${id}`;
  await createFromTemplate(target.adminUrl, name, target.template);
  const url = pgUrlFor(target.adminUrl, name);
  const handle = openDb({ kind: 'postgres', url, max: 4 });
  return {
    handle,
    url,
    dispose: async () => {
      await handle.close();
      await pgAdmin(target.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** PostgreSQL refuses to copy a template someone is connected to; two clones at the same instant can collide: retry. */
async function createFromTemplate(adminUrl: string, name: string, template: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await pgAdmin(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
}
