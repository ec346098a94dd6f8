import multipart from '@fastify/multipart';
import { IMPORT_LIMITS, type ImportKind } from '@jz/contracts/import';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { business, invalid, notFound } from '../errors.ts';
import { ok } from '../envelope.ts';
import { contentDisposition, XLSX_TYPE } from '../export/table-export.ts';
import { route } from '../route.ts';
import { type Tenant, tenantOf } from '../tenant.ts';
import type { App } from '../app-type.ts';
import type { employeeImportApi } from '@jz/contracts/api/employee-import';
import {
  claimJob,
  createJob,
  dropFile,
  finishCheck,
  findJob,
  type JobRow,
  jobView,
  loadFile,
  sha256,
  storeFile,
  storedProblems,
  updateJob,
  writing,
} from './import-job.ts';
import { checkTimeLimitMs, timeoutMessage } from './limits.ts';
import { annotatedCopy, type ImportProblem, problemText, shortProblem } from './report.ts';
import { assertXlsx, ImportFileError, readSheetRows, type SheetRow } from './sheet-reader.ts';
import { inspectZip } from './xlsx-zip.ts';
import { type TemplateSpec, templateBuffer } from './template.ts';

/** A row the confirmation could not write: everything is rolled back and this is what the merchant is told. */
export class RowFailure extends Error {
  constructor(
    readonly row: number,
    readonly column: string,
    message: string,
  ) {
    super(message);
  }
}

/** Progress callback: rows done so far. */
export type Progress = (done: number) => void | Promise<void>;

/**
 * One kind of import (employees, goods). `check` validates every row (the forms' zod schemas, then the rules across
 * rows and against the database) and answers the problems and, without any, the plan `write` inserts. `write` runs
 * inside the one transaction of the confirmation and throws RowFailure to roll everything back.
 */
export interface Importer<Plan> {
  kind: ImportKind;
  /** 员工导入模板 → the download's name. */
  templateName: string;
  asciiName: string;
  template: TemplateSpec;
  headers: readonly string[];
  required: readonly string[];
  /** `duplicatesInDb`: false at confirmation, where the unique indexes have the last word row by row. */
  check(
    db: DB,
    t: Tenant,
    rows: SheetRow[],
    o: { progress: Progress; duplicatesInDb: boolean },
  ): Promise<{ problems: ImportProblem[]; plan: Plan }>;
  write(trx: Transaction<Database>, t: Tenant, plan: Plan, progress: Progress): Promise<number>;
}

type ImportApi = typeof employeeImportApi;

/** Check jobs running in this process (a small file's check answers at once: the POST waits for it a little). */
const running = new Map<number, Promise<void>>();
/** How long the check call waits for its job before answering the progress instead (IMPORT_ANSWER_MS: tests). */
const answerWithinMs = () => Number(process.env.IMPORT_ANSWER_MS ?? 1500);
/** A check that has not moved for this long and is not running here was cut off (a restart). */
const STALE_MS = 120_000;

/**
 * The file part's bytes in one buffer, sized from the request's Content-Length (never above the limit): one copy of
 * the upload, where collecting the chunks and joining them holds two at the end. Without a length, it doubles.
 */
async function partBytes(part: { file: AsyncIterable<Buffer> & { truncated?: boolean } }, length: number) {
  let buf = Buffer.allocUnsafe(Math.min(Math.max(length, 64 * 1024), IMPORT_LIMITS.maxBytes));
  let size = 0;
  let tooLarge = false;
  for await (const chunk of part.file) {
    // Past the limit the parser stops the part (truncated): the rest is drained, nothing kept.
    if (tooLarge || part.file.truncated || size + chunk.length > IMPORT_LIMITS.maxBytes) {
      tooLarge = true;
      continue;
    }
    if (size + chunk.length > buf.length) {
      const grown = Buffer.allocUnsafe(Math.min(Math.max(buf.length * 2, size + chunk.length), IMPORT_LIMITS.maxBytes));
      buf.copy(grown, 0, 0, size);
      buf = grown;
    }
    size += chunk.copy(buf, size);
  }
  if (tooLarge || part.file.truncated)
    throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
  return buf.subarray(0, size);
}

async function receiveFile(req: FastifyRequest) {
  if (!req.isMultipart()) throw invalid('请以 multipart/form-data 上传文件');
  let file: { buf: Buffer; name: string } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (file) throw invalid('一次只能上传一个文件');
      const buf = await partBytes(part, Number(req.headers['content-length']) || 0);
      file = { buf, name: part.filename ?? 'import.xlsx' };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw invalid(`文件大小不能超过 ${IMPORT_LIMITS.maxBytes / 1024 / 1024}MB，请分成多个文件导入`);
    if (code === 'FST_FILES_LIMIT') throw invalid('一次只能上传一个文件');
    throw err;
  }
  if (!file?.buf.length) throw invalid('请选择要上传的 Excel 文件');
  try {
    assertXlsx(file.buf);
    // The archive's declared shape (entries, unpacked size, ratios) is judged before anything is unpacked or stored.
    inspectZip(file.buf);
  } catch (err) {
    if (!(err instanceof ImportFileError)) throw err;
    throw invalid(err.message);
  }
  return file;
}

const BUSY = '您有一个文件正在校验，请等它完成后再上传';
/** Users with a check running in this process: one at a time each (a second one is refused, not queued). */
const checkingUsers = new Set<number>();

/**
 * The wall-clock limit of one check: `between` runs between steps of the reading, refusing once the time is up and
 * otherwise yielding to the event loop every few milliseconds, so other requests are served while a file is read.
 */
function deadlineOf(ms: number) {
  const at = Date.now() + ms;
  let yielded = 0;
  const check = () => {
    if (Date.now() > at) throw new ImportFileError(timeoutMessage(ms));
  };
  return {
    check,
    between: async () => {
      check();
      if (Date.now() - yielded < 5) return;
      await new Promise((r) => setImmediate(r));
      yielded = Date.now();
    },
  };
}

/** Reads every row (rows read → progress), then checks them (rows checked → progress). */
async function readAll(buf: Buffer, imp: Importer<unknown>, progress?: Progress, between?: () => Promise<void>) {
  const rows: SheetRow[] = [];
  for await (const r of readSheetRows(buf, {
    headers: imp.headers,
    required: imp.required,
    maxRows: IMPORT_LIMITS.maxRows,
    onProgress: progress,
    between,
  }))
    rows.push(r);
  if (!rows.length) throw new ImportFileError('文件中没有数据行，请在表头下方填写后再上传');
  return rows;
}

/**
 * Reads and checks the upload, then stores it (sealed, a piece at a time) for the error copy and the confirmation:
 * a file refused or failed is never stored, and the unpacked sheet is gone before the sealed copies are made.
 */
async function runCheck(db: DB, t: Tenant, imp: Importer<unknown>, job: { id: number; fileKey: string }, buf: Buffer) {
  const jobId = job.id;
  const limit = checkTimeLimitMs();
  const deadline = deadlineOf(limit);
  const progress = (n: number) => {
    deadline.check();
    return updateJob(db, jobId, { checked: n }).then(() => {});
  };
  const work = (async () => {
    const rows = await readAll(buf, imp, progress, deadline.between);
    await updateJob(db, jobId, { total: rows.length, checked: 0 });
    const { problems } = await imp.check(db, t, rows, { duplicatesInDb: true, progress });
    deadline.check();
    const total = rows.length;
    rows.length = 0;
    // Between pieces the deadline holds too: a store cut off leaves no piece behind the failed job's cleanup.
    await storeFile(db, job.fileKey, buf, deadline.check);
    await finishCheck(db, jobId, total, problems);
  })();
  let timer: NodeJS.Timeout | undefined;
  // A check stuck outside the reading (a slow query) is cut off too; the work stops at its next progress report.
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ImportFileError(timeoutMessage(limit))), limit + 50);
  });
  work.catch(() => {});
  try {
    await Promise.race([work, late]);
  } catch (err) {
    const message = err instanceof ImportFileError ? err.message : '文件校验失败，请稍后重试';
    await updateJob(db, jobId, { status: 'failed', message });
    // A file that cannot be checked is never confirmed: its bytes (phones, ID numbers) are not kept (a store cut off
    // by the time limit may have written some pieces).
    await dropFile(db, job.fileKey);
    if (!(err instanceof ImportFileError)) throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A check of this user running on another instance: a job still checking that moved within the time limit (the
 * reading reports progress every 200 rows; a dead instance's job stops blocking once it is older than that).
 */
async function checkRunningElsewhere(db: DB, userId: number) {
  const since = new Date(Date.now() - checkTimeLimitMs() - 5_000).toISOString();
  const job = await db
    .selectFrom('importJob')
    .select('id')
    .where('userId', '=', userId)
    .where('status', '=', 'checking')
    .where('updatedAt', '>', since)
    .executeTakeFirst();
  return !!job && !running.has(job.id);
}

const staleOf = (job: JobRow) =>
  job.status === 'checking' && !running.has(job.id) && Date.now() - Date.parse(job.updatedAt) > STALE_MS;

/**
 * Registers template, check, progress, confirm and error-file routes of one import from its contracts. Every call
 * works in the caller's merchant (tenantOf); a job is seen only by the user who uploaded it.
 */
export async function registerImportRoutes<Plan>(app: App, c: ImportApi, imp: Importer<Plan>) {
  const importer = imp as Importer<unknown>;
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  const ownJob = async (t: Tenant, id: number) => {
    const job = await findJob(app.db, t.merchantId, imp.kind, id);
    if (!job || job.userId !== t.user.id) throw notFound('导入记录不存在');
    return job;
  };

  route(app, c.template, async (_req, reply) => {
    const buf = await templateBuffer(imp.template);
    reply.header(
      'content-disposition',
      contentDisposition({ fileName: imp.templateName, asciiName: imp.asciiName }, 'xlsx'),
    );
    return reply.header('content-type', XLSX_TYPE).send(buf);
  });

  /** Waits a little for a small file's report; a larger one answers its progress (the dialog polls). */
  const answerCheck = async (t: Tenant, jobId: number, p: Promise<void>) => {
    await Promise.race([p, new Promise((r) => setTimeout(r, answerWithinMs()).unref())]);
    const row = (await findJob(app.db, t.merchantId, imp.kind, jobId))!;
    // A file that cannot be read at all is bad input, answered as such when known at once.
    if (row.status === 'failed') throw invalid(row.message ?? '文件无法读取');
    return ok(jobView(row), row.status === 'checking' ? '正在校验' : '校验完成');
  };

  route(app, c.check, async (req) => {
    const t = await tenantOf(app.db, req);
    const userId = t.user.id;
    // One check per user at a time, in this process (taken before any await, so two calls cannot both pass) and,
    // through the job table, on another instance.
    if (checkingUsers.has(userId)) throw business(BUSY);
    checkingUsers.add(userId);
    let started = false;
    try {
      if (await checkRunningElsewhere(app.db, userId)) throw business(BUSY);
      const file = await receiveFile(req);
      const job = await createJob(app.db, {
        merchantId: t.merchantId,
        shopId: t.shopId,
        userId,
        kind: imp.kind,
        fileName: file.name,
        file: file.buf,
      });
      const p = runCheck(app.db, t, importer, job, file.buf)
        .catch((err) => req.log.error({ err, importId: job.id }, 'import check failed'))
        .finally(() => {
          running.delete(job.id);
          checkingUsers.delete(userId);
        });
      running.set(job.id, p);
      started = true;
      return await answerCheck(t, job.id, p);
    } finally {
      if (!started) checkingUsers.delete(userId);
    }
  });

  route(app, c.progress, async (req) => {
    const t = await tenantOf(app.db, req);
    const job = await ownJob(t, req.params.id);
    return ok(jobView(job, { stale: staleOf(job) }), 'ok');
  });

  route(app, c.errorFile, async (req, reply) => {
    const t = await tenantOf(app.db, req);
    const job = await ownJob(t, req.params.id);
    const buf = await loadFile(app.db, job);
    if (!buf) throw business('文件已过期，请重新上传');
    const copy = await annotatedCopy(buf, storedProblems(job)).catch((err) => {
      throw err instanceof ImportFileError ? invalid(err.message) : err;
    });
    reply.header(
      'content-disposition',
      contentDisposition(
        { fileName: `${imp.templateName.replace('模板', '')}错误说明`, asciiName: 'import-errors' },
        'xlsx',
      ),
    );
    return reply.header('content-type', XLSX_TYPE).send(copy);
  });

  route(app, c.confirm, async (req) => {
    const t = await tenantOf(app.db, req);
    const job = await findJob(app.db, t.merchantId, imp.kind, req.body.importId);
    if (!job) throw notFound('导入记录不存在');
    if (job.userId !== t.user.id) throw business('只能由上传并校验该文件的账号确认导入');
    if (job.used) throw business('该文件已确认导入过，不能重复导入；如需再次导入请重新上传');
    if (Date.parse(job.expiresAt) < Date.now()) throw business('校验结果已超过 30 分钟有效期，请重新上传文件校验');
    if (job.status === 'checking') throw business('文件还在校验中，请稍候');
    if (job.status === 'invalid') throw business(`文件中有 ${job.errorCount} 处错误，请修改后重新上传校验`);
    if (job.status !== 'valid') throw business(job.message ?? '该文件不能导入，请重新上传');
    if ((job.shopId ?? null) !== (t.shopId ?? null)) throw business('当前店铺已切换，请在当前店铺重新上传校验');
    if (!(await claimJob(app.db, job.id))) throw business('该文件已确认导入过，不能重复导入；如需再次导入请重新上传');

    const fail = async (message: string) => {
      await updateJob(app.db, job.id, { status: 'failed', message });
      await dropFile(app.db, job.fileKey);
      return business(message);
    };
    const buf = await loadFile(app.db, job);
    if (!buf || sha256(buf) !== job.hash) throw await fail('文件已变化或已过期，请重新上传校验');
    // Checked again (categories or shops may have changed since); duplicates against the database are left to the
    // unique indexes inside the transaction, row by row, so a concurrent insert names its row too.
    const rows = await readAll(buf, importer);
    const { problems, plan } = await importer.check(app.db, t, rows, { duplicatesInDb: false, progress: () => {} });
    if (problems.length) throw await fail(`${problemText(shortProblem(problems[0]))}（数据已变化，请重新上传校验）`);
    writing.set(job.id, 0);
    let imported: number;
    try {
      imported = await app.db.transaction().execute((trx) =>
        importer.write(trx, t, plan, (n) => {
          writing.set(job.id, n);
        }),
      );
    } catch (err) {
      if (err instanceof RowFailure) throw await fail(`${problemText(err)}，全部数据未导入`);
      req.log.error({ err, importId: job.id }, 'import write failed');
      throw await fail('导入失败，全部数据未导入，请稍后重试');
    } finally {
      writing.delete(job.id);
    }
    await updateJob(app.db, job.id, { status: 'done', imported, checked: rows.length });
    await dropFile(app.db, job.fileKey);
    // The operation log stores the call's body: the counts go with it.
    Object.assign(req.body as object, { rows: rows.length, imported });
    const done = (await findJob(app.db, t.merchantId, imp.kind, job.id))!;
    return ok(jobView(done), `导入成功，共 ${imported} 条`);
  });
}
