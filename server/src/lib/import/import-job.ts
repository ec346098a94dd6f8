import { createHash, randomUUID } from 'node:crypto';
import type { ImportJob, ImportKind, ImportStatus } from '@jz/contracts/import';
import { IMPORT_LIMITS } from '@jz/contracts/import';
import type { Generated, Selectable } from 'kysely';
import type { DB } from '../../db/client.ts';
import { open, openBytes, sealBytes } from '../secret-box.ts';
import { nowIso } from '../time.ts';
import { type ImportProblem, listProblems, shortProblem } from './report.ts';

export interface ImportJobTable {
  id: Generated<number>;
  merchantId: number;
  shopId: number | null;
  userId: number;
  kind: ImportKind;
  fileKey: string;
  fileName: string;
  hash: string;
  status: ImportStatus;
  total: number | null;
  checked: Generated<number>;
  errorCount: Generated<number>;
  /** JSON ImportProblem[]: every problem found (the annotated copy lists them all). */
  errors: Generated<string>;
  message: string | null;
  imported: Generated<number>;
  expiresAt: string;
  used: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

/** Files stored before migration 1950: the upload as one value, base64 pieces sealed and joined by newlines. */
export interface ImportFileTable {
  fileKey: string;
  data: string;
  createdAt: string;
}

/** The upload in pieces of FILE_PIECE bytes (the last one shorter), each sealed on its own (sealBytes). */
export interface ImportFilePieceTable {
  fileKey: string;
  seq: number;
  data: string;
  createdAt: string;
}

declare module '../../db/schema.ts' {
  interface Database {
    importJob: ImportJobTable;
    importFile: ImportFileTable;
    importFilePiece: ImportFilePieceTable;
  }
}

export type JobRow = Selectable<ImportJobTable>;
const FILE_PURPOSE = 'import.file';
/** Problems stored per job: enough for any file within the row limit with a few problems per row. */
const MAX_STORED = 20_000;

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Records an upload about to be checked (its bytes are stored by storeFile once the check has read them: a refused
 * file never reaches the database); deletes the files of expired jobs on the way (they are never needed again).
 */
export async function createJob(
  db: DB,
  v: { merchantId: number; shopId: number | null; userId: number; kind: ImportKind; fileName: string; file: Buffer },
) {
  const now = new Date();
  const fileKey = randomUUID().replace(/-/g, '');
  const hash = sha256(v.file);
  await purgeExpired(db, now.toISOString());
  const row = await db
    .insertInto('importJob')
    .values({
      merchantId: v.merchantId,
      shopId: v.shopId,
      userId: v.userId,
      kind: v.kind,
      fileKey,
      fileName: v.fileName.slice(-100),
      hash,
      status: 'checking',
      total: null,
      message: null,
      expiresAt: new Date(now.getTime() + IMPORT_LIMITS.validMinutes * 60_000).toISOString(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, hash, fileKey };
}

async function purgeExpired(db: DB, now: string) {
  const old = db.selectFrom('importJob').select('fileKey').where('expiresAt', '<', now);
  await db.deleteFrom('importFilePiece').where('fileKey', 'in', old).execute();
  await db.deleteFrom('importFile').where('fileKey', 'in', old).execute();
}

/**
 * Bytes of the upload per stored piece. Each piece is sealed and written on its own row before the next one is
 * made, so storing (or reading back) a 10 MB file holds one piece's copies at a time (cipher output, its base64, the
 * driver's copy), not several whole-file copies.
 */
export const FILE_PIECE = 512 * 1024;

/** Stores the upload, sealed, a piece per row; `between` runs before each piece (the check's deadline). */
export async function storeFile(db: DB, fileKey: string, file: Buffer, between?: () => void) {
  const createdAt = nowIso();
  for (let seq = 0; seq * FILE_PIECE < file.length; seq++) {
    between?.();
    const piece = file.subarray(seq * FILE_PIECE, (seq + 1) * FILE_PIECE);
    await db
      .insertInto('importFilePiece')
      .values({ fileKey, seq, data: sealBytes(FILE_PURPOSE, piece), createdAt })
      .execute();
  }
}

/** The stored upload, read back a piece at a time into one buffer; null when it was deleted (used or expired). */
export async function loadFile(db: DB, job: Pick<JobRow, 'id' | 'fileKey'>): Promise<Buffer | null> {
  const ref = { table: 'import_file_piece', id: job.id };
  const { n } = await db
    .selectFrom('importFilePiece')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('fileKey', '=', job.fileKey)
    .executeTakeFirstOrThrow();
  const count = Number(n);
  if (!count) return loadLegacyFile(db, job);
  const out = Buffer.allocUnsafe(count * FILE_PIECE);
  let size = 0;
  for (let seq = 0; seq < count; seq++) {
    const p = await db
      .selectFrom('importFilePiece')
      .select('data')
      .where('fileKey', '=', job.fileKey)
      .where('seq', '=', seq)
      .executeTakeFirst();
    // A piece missing (deleted meanwhile) or of the wrong size: the file is not whole.
    const bytes = p && openBytes(FILE_PURPOSE, p.data, ref);
    if (!bytes || bytes.length > FILE_PIECE || (seq < count - 1 && bytes.length !== FILE_PIECE)) return null;
    size += bytes.copy(out, size);
  }
  return out.subarray(0, size);
}

/** A file stored before migration 1950 (base64 pieces sealed and joined by newlines in one value). */
async function loadLegacyFile(db: DB, job: Pick<JobRow, 'id' | 'fileKey'>): Promise<Buffer | null> {
  const f = await db.selectFrom('importFile').select('data').where('fileKey', '=', job.fileKey).executeTakeFirst();
  if (!f) return null;
  const ref = { table: 'import_file', id: job.id };
  return Buffer.concat(f.data.split('\n').map((piece) => Buffer.from(open(FILE_PURPOSE, piece, ref), 'base64')));
}

export async function dropFile(db: DB, fileKey: string) {
  await db.deleteFrom('importFilePiece').where('fileKey', '=', fileKey).execute();
  await db.deleteFrom('importFile').where('fileKey', '=', fileKey).execute();
}

/** The caller's job of this kind; another merchant's id is simply not there. */
export const findJob = (db: DB, merchantId: number, kind: ImportKind, id: number) =>
  db
    .selectFrom('importJob')
    .selectAll()
    .where('id', '=', id)
    .where('merchantId', '=', merchantId)
    .where('kind', '=', kind)
    .executeTakeFirst();

export const updateJob = (
  db: DB,
  id: number,
  set: Partial<Pick<JobRow, 'status' | 'total' | 'checked' | 'errorCount' | 'errors' | 'message' | 'imported'>>,
) =>
  db
    .updateTable('importJob')
    .set({ ...set, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute();

/** The check's outcome: valid without problems, else invalid with every problem stored (values cut short). */
export const finishCheck = (db: DB, id: number, total: number, problems: ImportProblem[]) =>
  updateJob(db, id, {
    status: problems.length ? 'invalid' : 'valid',
    total,
    checked: total,
    errorCount: problems.length,
    errors: JSON.stringify(listProblems(problems, MAX_STORED).errors.map(shortProblem)),
  });

/**
 * Takes the job for its one confirmation: only a valid, unused job flips to importing, so two confirmations at once
 * cannot both run. Answers whether this call got it.
 */
export async function claimJob(db: DB, id: number) {
  const r = await db
    .updateTable('importJob')
    .set({ used: 1, status: 'importing', checked: 0, updatedAt: nowIso() })
    .where('id', '=', id)
    .where('used', '=', 0)
    .where('status', '=', 'valid')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const storedProblems = (job: Pick<JobRow, 'errors'>): ImportProblem[] => JSON.parse(job.errors);

/** Rows written so far by a running confirmation of this process (it writes inside one transaction). */
export const writing = new Map<number, number>();

/** The answer: the listed problems, counts, and the live progress of a confirmation running here. */
export function jobView(job: JobRow, opts: { stale?: boolean } = {}): ImportJob {
  const { errors, moreErrors } = listProblems(storedProblems(job));
  const extra = Math.max(0, job.errorCount - errors.length - moreErrors);
  const total = job.total;
  const problemRows = new Set(storedProblems(job).map((p) => p.row)).size;
  const status = opts.stale ? 'failed' : job.status;
  return {
    importId: job.id,
    kind: job.kind,
    fileName: job.fileName,
    status,
    total,
    checked: job.status === 'importing' ? (writing.get(job.id) ?? job.checked) : job.checked,
    valid: total === null ? 0 : Math.max(0, total - problemRows),
    errorCount: job.errorCount,
    errors,
    moreErrors: moreErrors + extra,
    imported: job.imported,
    message: opts.stale ? '校验中断，请重新上传文件' : job.message,
    expiresAt: job.expiresAt,
    used: job.used === 1,
  };
}
