import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { api, buildTestApp, loginAs, PHONES, testDbKind } from './helpers/index.ts';

/** The harness itself: every buildTestApp() gets its own seeded copy, gone after close(). */
describe('buildTestApp', () => {
  it('starts from the seeded demo data', async () => {
    const t = await buildTestApp();
    try {
      const phones = (await t.db.selectFrom('user').select('phone').orderBy('phone').execute()).map((u) => u.phone);
      expect(phones).toEqual(Object.values(PHONES).sort());
      expect(t.dbKind).toBe(testDbKind());
      expect(t.app.dbKind).toBe(testDbKind());
    } finally {
      await t.close();
    }
  });

  it('gives each app a private copy, deleted on close', async () => {
    const [a, b] = await Promise.all([buildTestApp(), buildTestApp()]);
    try {
      await a.db.updateTable('merchant').set({ name: '只在 A 里' }).execute();
      expect((await b.db.selectFrom('merchant').select('name').execute()).map((m) => m.name)).not.toContain(
        '只在 A 里',
      );
      // Tokens are per database too.
      const token = await loginAs(a.app, PHONES.admin);
      expect((await api(b.app, token).get('sys/user/findProfile')).code).toBe(401);
    } finally {
      await b.close();
    }
    const where =
      a.dbKind === 'sqlite'
        ? ((await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(a.db))
            .rows[0].file as string)
        : ((await sql<{ db: string }>`select current_database() as db`.execute(a.db)).rows[0].db as string);
    await a.close();
    if (a.dbKind === 'sqlite') expect(existsSync(where)).toBe(false);
    else expect(where).toMatch(/^jz_t_/);
  });

  it('loginAs caches a token per app and falls back to a direct session inside the resend window', async () => {
    const t = await buildTestApp();
    try {
      const first = await loginAs(t.app, PHONES.ownerA);
      expect(await loginAs(t.app, PHONES.ownerA)).toBe(first);
      expect(t.sms.sent).toHaveLength(1);
      const fresh = await loginAs(t.app, PHONES.ownerA, { fresh: true });
      expect(fresh).not.toBe(first);
      expect(t.sms.sent).toHaveLength(1); // the 60 s rule refused a second code; the helper opened a session instead
      for (const token of [first, fresh])
        expect((await api(t.app, token).get('sys/user/findProfile')).result.phone).toBe(PHONES.ownerA);
    } finally {
      await t.close();
    }
  });
});
