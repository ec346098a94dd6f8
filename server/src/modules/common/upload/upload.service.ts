import { randomUUID } from 'node:crypto';
import type { UploadKind, UploadResult } from '@jz/contracts/upload';
import { rootPathField, UPLOAD_KINDS } from '@jz/contracts/upload';
import type { FastifyRequest } from 'fastify';
import { invalid } from '../../../lib/errors.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { createResource } from '../../system/resource/resource.service.ts';
import type { App } from '../../types.ts';
import { contentProblem, refusedOutright } from './content-check.ts';
import { detectFile, maxBytesOf, tooLargeMessage } from './detect.ts';
import { storageOf } from '../../../lib/storage/storage.ts';

export const UNSUPPORTED =
  '不支持的文件类型：仅支持图片（png、jpg、jpeg、webp、gif、ico）、MP4 视频、PDF 和 Office 文档';

export interface UploadSettings {
  /** Limit for PDF and Office files, in MB (env UPLOAD_OTHER_MAX_MB, default 20). */
  otherMaxMb: number;
}

export function uploadSettings(env = process.env): UploadSettings {
  const n = Number(env.UPLOAD_OTHER_MAX_MB ?? 20);
  return { otherMaxMb: Number.isInteger(n) && n >= 1 && n <= 200 ? n : 20 };
}

/** Largest file the multipart parser lets through at all (the per-kind limits are checked after detection). */
export const parserLimit = (s: UploadSettings) => Math.max(30, s.otherMaxMb) * 1024 * 1024;

interface Received {
  buf: Buffer;
  fileName: string;
  fields: Record<string, string>;
}

/** Reads the one file and the text fields of a multipart request, in whatever order they come. */
export async function receive(req: FastifyRequest, s: UploadSettings): Promise<Received> {
  if (!req.isMultipart()) throw invalid('请以 multipart/form-data 上传文件');
  const fields: Record<string, string> = {};
  let file: { buf: Buffer; fileName: string } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (file) throw invalid('一次只能上传一个文件');
        file = { buf: await part.toBuffer(), fileName: part.filename ?? '' };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(`文件大小不能超过 ${parserLimit(s) / 1024 / 1024}MB!`);
    if (code === 'FST_FILES_LIMIT') throw invalid('一次只能上传一个文件');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw invalid('上传表单字段过多');
    if (code === 'FST_PROTO_VIOLATION') throw invalid('上传表单字段无效');
    throw err;
  }
  if (!file || file.buf.length === 0) throw invalid('请选择要上传的文件');
  return { ...file, fields };
}

/** Keeps a display name: the base name without control characters, at most 100 characters. */
export function displayName(fileName: string, ext: string) {
  const base = (fileName.split(/[\\/]/).pop() ?? '')
    .replace(/[<>"]/g, '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(-100);
  return base || `file.${ext}`;
}

/**
 * Validates, detects, stores and records one upload. `allowed` narrows the kinds (the editor takes images and
 * video only). Answers what the widgets need.
 */
export async function storeUpload(
  app: App,
  // who uploads: a console user, or (id null) an employee on the staff page, whose merchant owns the file
  user: Pick<AuthUser, 'merchantId'> & { id: number | null },
  r: Received,
  opts: { defaultRoot?: string; allowed?: readonly UploadKind[]; s: UploadSettings },
): Promise<UploadResult> {
  const rp = rootPathField.safeParse(r.fields.rootPath ?? opts.defaultRoot);
  if (!rp.success) throw invalid(r.fields.rootPath === undefined ? '请指定上传目录' : '上传目录无效');
  const rootPath = rp.data;

  let allowed = opts.allowed ?? UPLOAD_KINDS;
  if (r.fields.kind) {
    const asked = r.fields.kind.split(',').map((k) => k.trim());
    if (!asked.every((k) => (UPLOAD_KINDS as readonly string[]).includes(k))) throw invalid('文件类别无效');
    allowed = allowed.filter((k) => asked.includes(k));
  }

  const outright = refusedOutright(r.buf);
  if (outright) throw invalid(outright);
  const d = await detectFile(r.buf, r.fileName);
  if (!d || !allowed.includes(d.kind)) {
    if (allowed.length === 1 && allowed[0] === 'image') throw invalid('只能上传图片（png、jpg、jpeg、webp、gif、ico）');
    if (allowed.length === 1 && allowed[0] === 'video') throw invalid('上传视频必须为 MP4 格式！');
    throw invalid(UNSUPPORTED);
  }
  if (r.buf.length > maxBytesOf(d.kind, opts.s.otherMaxMb)) throw invalid(tooLargeMessage(d.kind, opts.s.otherMaxMb));
  const problem = await contentProblem(r.buf, d);
  if (problem) throw invalid(problem);

  const storage = storageOf(app);
  const key = `${rootPath}/${randomUUID().replace(/-/g, '')}.${d.ext}`;
  await storage.put(key, r.buf, d.mime);
  const url = storage.urlOf(key);
  const name = displayName(r.fileName, d.ext);
  let id: number;
  try {
    id = await createResource(app.db, {
      name,
      url,
      storageKey: key,
      type: d.kind,
      ext: d.ext,
      mime: d.mime,
      size: r.buf.length,
      rootPath,
      uploaderId: user.id,
      merchantId: user.merchantId,
    });
  } catch (err) {
    await storage.remove(key).catch(() => {});
    throw err;
  }
  return { id, url, type: d.kind, ext: d.ext, mime: d.mime, size: r.buf.length, name };
}
