import { z } from 'zod';
import { UPLOAD_KINDS } from './constants/upload.ts';

/**
 * Uploads (docs/spec-notes.md#validation, #calls, #constants). The server decides the kind from the file's content (magic bytes), never from its name or
 * declared type; the web widgets check sizes first so the user hears the spec's messages before anything is sent.
 */
export { UPLOAD_KINDS, type UploadKind } from './constants/upload.ts';

/** Recognised image types (docs/spec-notes.md#validation). */
export const IMAGE_EXTS = ['png', 'jpg', 'jpeg', 'webp', 'gif', 'ico'] as const;

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
  'import',
  'export',
  'job',
] as const;
export type UploadRoot = (typeof UPLOAD_ROOTS)[number];

/**
 * Folders whose files are personal or confidential (PIPL: ID cards and certificates are sensitive personal
 * information). They are never served publicly: the server stores a stable reference (`/tmpl/files/<key>`) and hands
 * a short-lived signed URL to a reader its answers are for. The value lists the platform permissions whose holders
 * may read a merchant's files of that folder (review work); merchant users read their own merchant's files only.
 *
 * - employee: staff ID cards (人像面/国徽面), qualification certificates, health certificates, staff photos.
 * - licence: business licences and permits (资质证照), reviewed by the platform.
 * - jinjian: onboarding (进件) ID cards and business licences sent to the payment provider; no platform review page.
 * - feedback: screenshots merchants attach to feedback, which may show customers' names, phones and addresses;
 *   read by the platform's feedback handlers.
 * - import / export: spreadsheets of employees, customers and orders.
 * - job: staff photos taken at a job (customers' homes).
 *
 * Public (served to anyone, cached): sys (site configuration), shop and goods pictures (shown to customers), banner,
 * editor and notice images (published content), agreement PDFs (published terms), avatar (users' own profile
 * pictures, chosen to be shown), resource (the platform's own media library).
 */
export const PRIVATE_ROOTS: Readonly<Partial<Record<UploadRoot, readonly string[]>>> = {
  employee: [],
  licence: ['sys:licence:list', 'platform:shop:audit'],
  jinjian: [],
  feedback: ['platform:feedback:list'],
  import: [],
  export: [],
  job: [],
};

/** Whether a root path (`employee/idcard`) or a storage key (`employee/idcard/<name>.png`) is private. */
export const isPrivatePath = (p: string) => Object.hasOwn(PRIVATE_ROOTS, p.split('/')[0]);

/** The stable, non-public reference of a private file: `/tmpl/files/<key>`; readable only once signed. */
export const PRIVATE_FILE_PREFIX = '/tmpl/files/';

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
