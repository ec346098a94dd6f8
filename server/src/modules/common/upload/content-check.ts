import type { Detected } from './detect.ts';
import { pdfProblem } from './pdf-check.ts';

/**
 * Checks on an upload's content beyond its magic number, for files whose head is an allowed kind but whose body is
 * something else (polyglots), and for images whose header promises a bitmap no browser can decode (pixel floods).
 * Images and videos are not decoded: headers are read and the bytes scanned. PDFs are also parsed (pdf-check.ts).
 * Each check answers a Chinese refusal, or undefined.
 */

/** Largest image accepted, in pixels (width x height from the header): 50 megapixels, a large phone photo. */
export const MAX_IMAGE_PIXELS = 50_000_000;

const PREFIX = '不支持的文件类型：';

/** Executables by their first bytes: PE ("MZ"), ELF, Mach-O (both byte orders, fat binaries), scripts with "#!". */
export function executableOf(buf: Buffer): string | undefined {
  const h = buf.subarray(0, 4).toString('hex');
  if (buf.subarray(0, 2).toString('latin1') === 'MZ') return 'Windows 程序';
  if (h === '7f454c46') return 'Linux 程序';
  if (['feedface', 'feedfacf', 'cefaedfe', 'cffaedfe', 'cafebabe'].includes(h)) return 'macOS 程序或 Java 类文件';
  if (buf.subarray(0, 2).toString('latin1') === '#!') return '脚本';
  return undefined;
}

/** Text formats a browser would run: HTML or SVG (also with a BOM, leading spaces or an XML prolog). */
export function markupOf(buf: Buffer): string | undefined {
  const head = buf
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg|<svg[\s>])/.test(head)) return 'SVG 图片';
  if (/^(<!doctype html|<html|<head|<body|<script|<iframe|<!--)/.test(head)) return '网页（HTML）';
  return undefined;
}

/** A refusal for a file that is not an allowed kind at all but is recognisably dangerous. */
export function refusedOutright(buf: Buffer): string | undefined {
  const exe = executableOf(buf);
  if (exe) return `${PREFIX}不能上传可执行文件（${exe}），无论文件名是什么`;
  const markup = markupOf(buf);
  if (markup) return `${PREFIX}不能上传${markup}文件，无论文件名是什么`;
  return undefined;
}

/**
 * Markup or script anywhere in the bytes. Patterns are long enough (or followed by a delimiter) that compressed image
 * or video data does not match by chance (under one in a million files of 30 MB).
 */
const ACTIVE =
  /<script[\s>/]|<html[\s>]|<body[\s>]|<iframe[\s>/]|<object[\s>/]|<embed[\s>/]|<!doctype\s+html|<\?php|javascript:|<svg[\s>/][\s\S]{0,200}xmlns|\bonerror\s*=|\bonload\s*=/i;
/** PDF actions that run code or programs when opened. */
const PDF_ACTIVE = /\/(JavaScript|Launch)\b/;

/**
 * PDF names may spell any character as #xx (ISO 32000 7.3.5): `/J#61vaScript` is `/JavaScript` to a reader. Names are
 * decoded before the action check; a name runs to the next whitespace or delimiter.
 */
export const decodePdfNames = (text: string) =>
  text.replace(/\/[^\s/<>[\]()%{}]*/g, (name) =>
    name.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
  );

/**
 * A ZIP archive (JAR, APK, docx...) appended to the file: its end-of-central-directory record in the last 64 KB with a
 * central directory that fits before it. Readers find archives from their end, so the file opens as both.
 */
export function hasAppendedZip(buf: Buffer) {
  const from = Math.max(0, buf.length - 65_557);
  for (let e = buf.length - 22; e >= from; e--) {
    if (buf[e] !== 0x50 || buf[e + 1] !== 0x4b || buf[e + 2] !== 0x05 || buf[e + 3] !== 0x06) continue;
    const cdSize = buf.readUInt32LE(e + 12);
    const cdOffset = buf.readUInt32LE(e + 16);
    const commentLen = buf.readUInt16LE(e + 20);
    if (e + 22 + commentLen <= buf.length && cdOffset + cdSize <= e) return true;
  }
  return false;
}

/** Width and height an image header declares (png, gif, jpg, webp); undefined when the header does not say. */
export function imageSize(buf: Buffer, ext: string): { width: number; height: number } | undefined {
  try {
    if (ext === 'png' && buf.toString('latin1', 12, 16) === 'IHDR')
      return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
    if (ext === 'gif') return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
    if (ext === 'jpg') return jpegSize(buf);
    if (ext === 'webp') return webpSize(buf);
  } catch {
    // a header cut short: no size to check
  }
  return undefined;
}

/** Walks the JPEG segments to the first frame header (SOF0-15 but DHT, JPG, DAC). */
function jpegSize(buf: Buffer) {
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return undefined;
    const m = buf[i + 1];
    if (m === 0xff) {
      i++;
      continue;
    }
    if (m === 0xd9 || m === 0xda) return undefined;
    if ((m >= 0xd0 && m <= 0xd7) || m === 0x01) {
      i += 2;
      continue;
    }
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc)
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    i += 2 + buf.readUInt16BE(i + 2);
  }
  return undefined;
}

function webpSize(buf: Buffer) {
  const chunk = buf.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + buf.readUIntLE(24, 3), height: 1 + buf.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const b = buf.readUInt32LE(21);
    return { width: 1 + (b & 0x3fff), height: 1 + ((b >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  return undefined;
}

/** A refusal for a file detected as an allowed kind whose content is not only that kind. */
export async function contentProblem(buf: Buffer, d: Detected): Promise<string | undefined> {
  // Office files are archives by design and are only ever served as downloads (Content-Disposition: attachment).
  if (d.kind === 'office') return undefined;
  const label = d.kind === 'image' ? '图片' : d.kind === 'video' ? '视频' : 'PDF';
  const text = buf.toString('latin1');
  if (ACTIVE.test(text)) return `文件内容无效：${label}中夹带了网页或脚本代码，已拒绝上传`;
  if (d.kind === 'pdf' && PDF_ACTIVE.test(decodePdfNames(text)))
    return '文件内容无效：PDF 中含有脚本或启动程序的动作，已拒绝上传';
  if (hasAppendedZip(buf)) return `文件内容无效：${label}中夹带了压缩包，已拒绝上传`;
  // The byte scans above see only uncompressed objects; the parse sees inside object streams.
  if (d.kind === 'pdf') return pdfProblem(buf);
  if (d.kind === 'image') {
    const size = imageSize(buf, d.ext);
    if (size && (size.width === 0 || size.height === 0)) return '图片无效：图片宽度或高度为 0';
    if (size && size.width * size.height > MAX_IMAGE_PIXELS)
      return `图片尺寸过大：${size.width}×${size.height} 像素，最多 ${MAX_IMAGE_PIXELS / 10_000} 万像素`;
  }
  return undefined;
}
