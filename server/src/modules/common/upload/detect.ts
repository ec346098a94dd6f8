import { IMAGE_MAX_BYTES, MB, type UploadKind, VIDEO_MAX_BYTES } from '@jz/contracts/upload';
import { fileTypeFromBuffer } from 'file-type';

export interface Detected {
  kind: UploadKind;
  ext: string;
  mime: string;
}

const IMAGE = new Set(['png', 'jpg', 'webp', 'gif', 'ico']);
const OOXML = new Set(['docx', 'xlsx', 'pptx']);
/** Old binary Office files are all Compound File Binary; the name tells which of the three it is. */
const CFB_BY_NAME: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/**
 * The kind of a file from its first bytes (magic numbers), never from its name or declared type. Undefined for
 * anything outside the allowed kinds: images (png, jpg, webp, gif, ico), MP4 video, PDF, Office documents.
 */
export async function detectFile(buf: Buffer, fileName: string): Promise<Detected | undefined> {
  const ft = await fileTypeFromBuffer(buf);
  if (!ft) return undefined;
  if (IMAGE.has(ft.ext)) return { kind: 'image', ext: ft.ext, mime: ft.ext === 'ico' ? 'image/x-icon' : ft.mime };
  if (ft.ext === 'mp4' && ft.mime === 'video/mp4') return { kind: 'video', ext: 'mp4', mime: 'video/mp4' };
  if (ft.ext === 'pdf') return { kind: 'pdf', ext: 'pdf', mime: 'application/pdf' };
  if (OOXML.has(ft.ext)) return { kind: 'office', ext: ft.ext, mime: ft.mime };
  if (ft.ext === 'cfb') {
    const byName = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
    if (byName && CFB_BY_NAME[byName]) return { kind: 'office', ext: byName, mime: CFB_BY_NAME[byName] };
  }
  return undefined;
}

/** Server-side size limit per kind. */
export function maxBytesOf(kind: UploadKind, otherMaxMb: number) {
  if (kind === 'image') return IMAGE_MAX_BYTES;
  if (kind === 'video') return VIDEO_MAX_BYTES;
  return otherMaxMb * MB;
}

export function tooLargeMessage(kind: UploadKind, otherMaxMb: number) {
  if (kind === 'image') return '图片大小不能超过 5MB!';
  if (kind === 'video') return '上传视频大小限制 30M 以内！';
  return `文件大小不能超过 ${otherMaxMb}MB!`;
}
