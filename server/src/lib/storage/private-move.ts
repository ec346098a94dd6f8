import path from 'node:path';
import type { Kysely } from 'kysely';
import { open, seal } from '../secret-box.ts';
import { nowIso } from '../time.ts';
import { legacyToStable } from './private-files.ts';
import { type FileStorage, LocalDiskStorage, mimeOfKey, S3Storage } from './storage.ts';
import { s3SettingsFromEnv } from './s3.ts';

/** A column that may hold addresses of uploaded files; `sealed`: its value is sealed JSON (lib/secret-box.ts). */
interface RefColumn {
  table: string;
  column: string;
  /** The column naming the merchant the row belongs to (owner of a file that has no resource row). */
  owner: string;
  sealed?: string;
}

/**
 * Every place an address of a file of a private folder may be stored. Other columns only hold public folders' files
 * (goods, shop, banner, avatar, editor…); operation logs keep the addresses as they were (history, not links).
 */
export const PRIVATE_REF_COLUMNS: readonly RefColumn[] = [
  { table: 'resource', column: 'url', owner: 'merchantId' },
  { table: 'employee', column: 'avatarUrl', owner: 'merchantId' },
  { table: 'employee', column: 'idCardFrontUrl', owner: 'merchantId' },
  { table: 'employee', column: 'idCardBackUrl', owner: 'merchantId' },
  { table: 'employee', column: 'certificates', owner: 'merchantId' },
  { table: 'licence', column: 'imageUrl', owner: 'merchantId' },
  { table: 'feedback', column: 'images', owner: 'merchantId' },
  { table: 'jinjianApplication', column: 'detail', owner: 'merchantId', sealed: 'jinjianApplication.detail' },
];

export interface MoveReport {
  /** Rows whose stored addresses were rewritten, per `table.column`. */
  rewritten: Record<string, number>;
  moved: number;
  already: number;
  /** Referenced files found in neither place (their references are rewritten all the same). */
  missing: string[];
  /** Resource rows added for referenced files that had none (uploaded before resource rows recorded the merchant). */
  adopted: number;
}

/**
 * Moves the files of private folders saved at public addresses (before folders were classified) to the private
 * location, and rewrites every stored address to the stable reference `/tmpl/files/<key>`. Idempotent: a second run
 * finds nothing to do; a run cut short is finished by the next one. `storage` is made only when a file is to move.
 */
export async function movePrivateFiles(
  db: Kysely<any>,
  opts: { storage: () => FileStorage; publicUrl?: string },
): Promise<MoveReport> {
  const report: MoveReport = { rewritten: {}, moved: 0, already: 0, missing: [], adopted: 0 };
  /** Every private key referenced, with the merchant of the first row naming it. */
  const owners = new Map<string, number | null>();
  const updates: { c: RefColumn; id: number; value: string }[] = [];

  for (const c of PRIVATE_REF_COLUMNS) {
    const rows = await db
      .selectFrom(c.table)
      .select(['id', c.column, c.owner])
      .where(c.column, 'is not', null)
      .execute();
    for (const r of rows) {
      const stored = r[c.column] as string;
      const plain = c.sealed ? open(c.sealed, stored, { table: c.table, id: r.id }) : stored;
      const keys = new Set<string>();
      const next = legacyToStable(plain, opts.publicUrl, keys);
      for (const k of keys) if (!owners.has(k)) owners.set(k, (r[c.owner] as number | null) ?? null);
      if (next !== plain) updates.push({ c, id: r.id, value: c.sealed ? seal(c.sealed, next) : next });
    }
  }

  // Files first: a run cut short leaves old addresses that the next run rewrites (and finds the files already moved).
  let storage: FileStorage | undefined;
  for (const key of owners.keys()) {
    storage ??= opts.storage();
    const r = await storage.movePrivate(key);
    if (r === 'moved') report.moved++;
    else if (r === 'already') report.already++;
    else report.missing.push(key);
  }
  for (const u of updates) {
    await db
      .updateTable(u.c.table)
      .set({ [u.c.column]: u.value })
      .where('id', '=', u.id)
      .execute();
    const name = `${u.c.table}.${u.c.column}`;
    report.rewritten[name] = (report.rewritten[name] ?? 0) + 1;
  }

  // Reading is signed only for the merchant that owns a file (its resource row): give orphans the row's merchant.
  const known = owners.size
    ? new Set(
        (
          await db
            .selectFrom('resource')
            .select('storageKey')
            .where('storageKey', 'in', [...owners.keys()])
            .execute()
        ).map((r) => r.storageKey as string),
      )
    : new Set<string>();
  const now = nowIso();
  for (const [key, merchantId] of owners) {
    if (known.has(key) || report.missing.includes(key)) continue;
    const ext = key.slice(key.lastIndexOf('.') + 1);
    await db
      .insertInto('resource')
      .values({
        name: path.posix.basename(key),
        url: `/tmpl/files/${key}`,
        storageKey: key,
        type: /^(png|jpg|webp|gif|ico)$/.test(ext)
          ? 'image'
          : ext === 'mp4'
            ? 'video'
            : ext === 'pdf'
              ? 'pdf'
              : 'office',
        ext,
        mime: mimeOfKey(key),
        size: 0,
        rootPath: path.posix.dirname(key),
        uploaderId: null,
        merchantId,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    report.adopted++;
  }
  return report;
}

/** The storage of this process's environment (the migrate command runs with the instances' settings). */
export function storageFromEnv(env: Record<string, string | undefined> = process.env): FileStorage {
  const s3 = s3SettingsFromEnv(env);
  if (s3) return new S3Storage(s3);
  return new LocalDiskStorage(path.resolve(env.DATA_DIR || './data', 'uploads'));
}
