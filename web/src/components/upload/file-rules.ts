import { IMAGE_EXTS, parseSize } from '@jz/contracts/upload';

export { parseSize };

/** `accept` presets; the default of the general upload is images (docs/spec-notes.md#validation). */
export const ACCEPT = {
  image: IMAGE_EXTS.map((e) => `.${e}`).join(','),
  video: '.mp4',
  pdf: '.pdf',
  office: '.doc,.docx,.xls,.xlsx,.ppt,.pptx',
} as const;
export const ACCEPT_ALL = Object.values(ACCEPT).join(',');

const extOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** Whether a file's name matches an `accept` list (".png,.jpg" or "image/*"-style entries). */
export function accepts(accept: string, file: { name: string; type?: string }) {
  const list = accept
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (!list.length) return true;
  const ext = extOf(file.name);
  const type = (file.type ?? '').toLowerCase();
  return list.some((a) =>
    a.startsWith('.') ? a.slice(1) === ext : a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : a === type,
  );
}

/** Also for addresses: a private file's signed URL ends in its query (`…/x.png?e=…&s=…`), not its extension. */
export const isImageName = (name: string) => (IMAGE_EXTS as readonly string[]).includes(extOf(name.split('?')[0]));

/** The docs/spec-notes.md#validation message when a file is too large: "文件大小不能超过 {max}!" with max as the widget was given it. */
export function sizeProblem(size: number, maxSize: string | number): string | undefined {
  const max = parseSize(maxSize);
  if (max === undefined) return undefined;
  return size > max ? `文件大小不能超过 ${maxSize}!` : undefined;
}

/** Single image upload: under 5 MB (docs/spec-notes.md#validation). */
export const IMAGE_LIMIT = 5 * 1024 * 1024;
export const imageSizeProblem = (size: number) => (size >= IMAGE_LIMIT ? '图片大小不能超过 5MB!' : undefined);

export function formatBytes(n: number) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export type PreviewKind = 'image' | 'video' | 'pdf' | 'other';
export function previewKindOf(url: string): PreviewKind {
  const ext = extOf(url.split('?')[0]);
  if (isImageName(`x.${ext}`)) return 'image';
  if (ext === 'mp4') return 'video';
  if (ext === 'pdf') return 'pdf';
  return 'other';
}
