import { z } from 'zod';

/**
 * Uploads (spec §5, §7, §9). The server decides the kind from the file's content (magic bytes), never from its name or
 * declared type; the web widgets check sizes first so the user hears the spec's messages before anything is sent.
 */
export const UPLOAD_KINDS = ['image', 'video', 'pdf', 'office'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Recognised image types (spec §5). */
export const IMAGE_EXTS = ['png', 'jpg', 'jpeg', 'webp', 'gif', 'ico'] as const;
export const VIDEO_EXTS = ['mp4'] as const;
export const OFFICE_EXTS = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const;

export const MB = 1024 * 1024;
/** Server-side limits per kind; `office`/`pdf` default to UPLOAD_OTHER_MAX_MB (20). */
export const IMAGE_MAX_BYTES = 5 * MB;
export const VIDEO_MAX_BYTES = 30 * MB;

/** Top folders an upload may go to; `rootPath` is one of them, optionally with one lowercase sub-folder. */
export const UPLOAD_ROOTS = [
  'sys',
  'shop',
  'goods',
  'employee',
  'agreement',
  'feedback',
  'banner',
  'editor',
  'licence',
  'jinjian',
  'avatar',
  'notice',
  'resource',
] as const;
const ROOT_PATH = /^[a-z0-9]+(\/[a-z0-9]+)?$/;

export const rootPathField = z
  .string({ error: '请指定上传目录' })
  .trim()
  .regex(ROOT_PATH, '上传目录无效')
  .refine((p) => (UPLOAD_ROOTS as readonly string[]).includes(p.split('/')[0]), '上传目录无效');

/** An upload's answer (`POST /api/com/file/up`; the envelope also carries `success: true`). */
export const uploadResult = z.object({
  /** The resource record's id. */
  id: z.number().int(),
  url: z.string(),
  /** The kind decided from the content. */
  type: z.enum(UPLOAD_KINDS),
  ext: z.string(),
  mime: z.string(),
  size: z.number().int(),
  name: z.string(),
});
export type UploadResult = z.infer<typeof uploadResult>;

/** The rich-text editor's upload answer (`upWidthWangEdit`; the envelope also carries the editor's errno/data). */
export const editorUploadResult = uploadResult.pick({ url: true, name: true, type: true });
export type EditorUploadResult = z.infer<typeof editorUploadResult>;

/** "5m", "500kb", "1g", "1024" (bytes) -> bytes; undefined when unreadable. */
export function parseSize(s: string | number): number | undefined {
  if (typeof s === 'number') return s >= 0 ? s : undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|k|m|mb|g|gb)?\s*$/i.exec(s);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'b').toLowerCase();
  const mult = unit.startsWith('g') ? 1024 * MB : unit.startsWith('m') ? MB : unit.startsWith('k') ? 1024 : 1;
  return Math.round(n * mult);
}
