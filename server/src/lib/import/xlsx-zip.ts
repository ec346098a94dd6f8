import { once } from 'node:events';
import { createInflateRaw } from 'node:zlib';
import { ImportFileError } from './import-error.ts';
import { XLSX_LIMITS } from './limits.ts';

/**
 * The archive of an xlsx, inspected from its central directory before anything is unpacked (entry count, declared
 * unpacked total, compression ratio of each entry), then unpacked entry by entry in memory — never to a temporary
 * file — in small steps whose output is counted against the declared size, so a header that lies stops the reading
 * as soon as the lie shows.
 */
export interface ZipEntry {
  name: string;
  method: number;
  packed: number;
  unpacked: number;
  /** Where the packed bytes start in the file. */
  dataStart: number;
}

const BAD = '文件不是有效的 Excel（.xlsx）文件或已损坏，请使用下载的模板';
const MB = 1024 * 1024;

const limitError = (what: string) => new ImportFileError(`${what}，请使用下载的模板或分成多个文件导入`);

/** Lists the archive's entries and refuses it when its declared shape passes a limit. */
export function inspectZip(buf: Buffer): Map<string, ZipEntry> {
  const L = XLSX_LIMITS;
  // End of central directory: the last 22 bytes, or before a comment of up to 64 KB.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--)
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new ImportFileError(BAD);
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdStart = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdStart === 0xffffffff) throw new ImportFileError(BAD); // zip64: never a 10 MB workbook
  if (count > L.maxEntries) throw limitError(`压缩包内文件过多（${count} 个，最多 ${L.maxEntries} 个）`);
  if (cdStart + cdSize > eocd) throw new ImportFileError(BAD);

  const entries = new Map<string, ZipEntry>();
  let total = 0;
  let p = cdStart;
  for (let k = 0; k < count; k++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== 0x02014b50) throw new ImportFileError(BAD);
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const packed = buf.readUInt32LE(p + 20);
    const unpacked = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (flags & 1) throw new ImportFileError('文件已加密，请在 Excel 中取消密码保护后上传');
    if (method !== 0 && method !== 8) throw new ImportFileError(BAD);
    total += unpacked;
    if (total > L.maxUnpackedBytes) throw limitError(`文件解压后过大（超过 ${L.maxUnpackedBytes / MB}MB）`);
    if (unpacked > L.ratioFloorBytes && unpacked > packed * L.maxRatio)
      throw limitError(`文件压缩比异常（${name} 超过 ${L.maxRatio}:1），疑似压缩炸弹`);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw new ImportFileError(BAD);
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (dataStart + packed > buf.length) throw new ImportFileError(BAD);
    if (method === 0 && packed !== unpacked) throw new ImportFileError(BAD);
    entries.set(name.replace(/^\/+/, ''), { name, method, packed, unpacked, dataStart });
  }
  return entries;
}

/** Packed bytes fed to the inflater per write, and unpacked bytes per output chunk. */
const IN_STEP = 16 * 1024;
const OUT_CHUNK = 64 * 1024;

/**
 * Unpacks one entry a chunk at a time (zlib's raw inflater: each output chunk is one 64 KB buffer, nothing copied
 * again, so an entry of N MB makes N MB of short-lived buffers, not several times that), yielding each chunk; more
 * output than the entry declares, or than `cap`, refuses the file. The inflater waits for the reader (backpressure),
 * so a bomb never unpacks ahead. The caller decides what happens between chunks (deadline check, yield).
 */
export async function* unpackChunks(buf: Buffer, e: ZipEntry, cap: number): AsyncGenerator<Uint8Array> {
  if (e.unpacked > cap) throw limitError(`文件中的 ${e.name} 过大（超过 ${Math.round(cap / MB)}MB）`);
  const data = buf.subarray(e.dataStart, e.dataStart + e.packed);
  if (e.method === 0) {
    for (let i = 0; i < data.length; i += OUT_CHUNK) yield data.subarray(i, i + OUT_CHUNK);
    return;
  }
  const inflate = createInflateRaw({ chunkSize: OUT_CHUNK });
  // Stopped when the reading stops (a refusal): the feeding never waits on a destroyed inflater.
  const stop = new AbortController();
  const feed = async () => {
    for (let i = 0; i < data.length && !stop.signal.aborted; i += IN_STEP)
      if (!inflate.write(data.subarray(i, i + IN_STEP))) await once(inflate, 'drain', { signal: stop.signal });
    inflate.end();
  };
  feed().catch(() => {}); // a failure shows in the reading below
  let out = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      out += chunk.length;
      if (out > e.unpacked) throw limitError('文件解压后的大小与其声明不符');
      yield chunk;
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError(BAD);
  } finally {
    stop.abort();
    inflate.destroy();
  }
  if (out !== e.unpacked) throw new ImportFileError(BAD);
}

/** Unpacks one entry into `sink`, running `between` after every step. */
export async function unpackEntry(
  buf: Buffer,
  e: ZipEntry,
  cap: number,
  sink: (chunk: Uint8Array) => void,
  between?: () => Promise<void>,
) {
  for await (const chunk of unpackChunks(buf, e, cap)) {
    sink(chunk);
    if (between) await between();
  }
}

/** A small part read whole into text (workbook, relationships, styles). */
export async function entryText(buf: Buffer, e: ZipEntry, cap: number) {
  const parts: Uint8Array[] = [];
  await unpackEntry(buf, e, cap, (c) => parts.push(c));
  return Buffer.concat(parts).toString('utf8');
}
