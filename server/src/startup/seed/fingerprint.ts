import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DB } from '../../db/client.ts';

/**
 * Base seeds (menus, dictionaries, roles, the admin, regions...) are data written in the source code, so "the seed
 * catalogue changed" means "the sources (or the locked dependency versions) changed". The built server carries the
 * fingerprint of what it was built from (scripts/build-server.mjs); from source, the same inputs are hashed here.
 * ADMIN_PHONE is an input of the admin seed, so it is part of the fingerprint too.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SOURCE_ROOTS = [path.resolve(here, '../..'), path.resolve(here, '../../../../packages/contracts/src')];
/** Seed data also comes from dependencies (the region table from @vant/area-data): their versions count too. */
const LOCK_FILE = path.resolve(here, '../../../../package-lock.json');

/** The config row holding the fingerprint: its type fails CONFIG_TYPE, so the config API can neither read nor edit it. */
const KEY = '@seed.fingerprint';

function hashTree(hash: ReturnType<typeof createHash>, dir: string) {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) hashTree(hash, p);
    else if (e.name.endsWith('.ts')) hash.update(e.name).update('\0').update(readFileSync(p)).update('\0');
  }
}

export function seedFingerprint(env: Record<string, string | undefined> = process.env): string {
  const built = (globalThis as { __JZ_BUILD__?: { fingerprint?: string } }).__JZ_BUILD__?.fingerprint;
  const hash = createHash('sha256');
  if (built) hash.update(`build:${built}`);
  else {
    for (const r of SOURCE_ROOTS) hashTree(hash, r);
    if (existsSync(LOCK_FILE)) hash.update(readFileSync(LOCK_FILE));
  }
  return hash
    .update('\0admin:')
    .update(env.ADMIN_PHONE || '13800000000')
    .digest('hex')
    .slice(0, 32);
}

/** Whether this database's base seeds were last run by sources with this fingerprint. */
export async function seededWith(db: DB, fingerprint: string) {
  const row = await db.selectFrom('config').select('value').where('type', '=', KEY).executeTakeFirst();
  return row?.value === JSON.stringify({ fingerprint });
}

export async function markSeeded(db: DB, fingerprint: string) {
  const now = new Date().toISOString();
  // JSON like every other config value, for anything that reads the table whole (backups, checks).
  const value = JSON.stringify({ fingerprint });
  await db
    .insertInto('config')
    .values({ type: KEY, value, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('type').doUpdateSet({ value, updatedAt: now }))
    .execute();
}
