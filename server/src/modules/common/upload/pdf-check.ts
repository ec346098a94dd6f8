import { constants, inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  type PDFObject,
  PDFParser,
  PDFRawStream,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib';

/**
 * A PDF upload is parsed with pdf-lib (object streams included: the parser decodes them into its context) and every
 * object is walked for what a reader would run or open: a byte scan cannot see inside compressed object streams.
 * Links (/URI) to web pages and mail are allowed (contracts and licences carry them; readers ask before following
 * them); other schemes (javascript:, file:, UNC paths) are refused. Encrypted PDFs are refused: their strings and
 * object streams cannot be read without the key.
 */

/** Bounds of one parse: the file size is already bounded (UPLOAD_OTHER_MAX_MB); this bounds decompression and time. */
export const PDF_LIMITS = {
  /** Indirect objects, object-stream members included. */
  objects: 200_000,
  /** Bytes of object and cross-reference streams after decompression (the parser holds them in memory). */
  decodedBytes: 64 * 1024 * 1024,
  /** Parse and walk, in ms; the parse yields to other requests every few hundred objects. */
  ms: 5000,
};

const BAD = '文件内容无效：';
const MESSAGES = {
  script: `${BAD}PDF 中含有脚本或启动程序的动作，已拒绝上传`,
  launch: `${BAD}PDF 中含有脚本或启动程序的动作，已拒绝上传`,
  submit: `${BAD}PDF 中含有提交或导入表单数据的动作，已拒绝上传`,
  embedded: `${BAD}PDF 中嵌入了附件或多媒体内容，已拒绝上传`,
  link: `${BAD}PDF 中含有非网页链接（只允许 http、https、mailto 链接），已拒绝上传`,
  damaged: `${BAD}PDF 文件已损坏或不是有效的 PDF，请重新导出后上传`,
  encrypted: `${BAD}PDF 已加密（设置了密码或权限），无法检查其内容，请另存为未加密的 PDF 后上传`,
  tooComplex: `${BAD}PDF 结构过于复杂（对象过多或解压后过大），请压缩或拆分后上传`,
} as const;

/** Names (as keys or values, anywhere) that mark an action or content a reader would run or open. */
const ACTIVE_NAMES: Record<string, keyof typeof MESSAGES> = {
  JS: 'script',
  JavaScript: 'script',
  XFA: 'script', // XFA forms carry their own scripts
  Launch: 'launch',
  GoToR: 'launch', // opens another file, possibly on a remote share
  SubmitForm: 'submit',
  ImportData: 'submit',
  EF: 'embedded',
  EmbeddedFile: 'embedded',
  EmbeddedFiles: 'embedded',
  GoToE: 'embedded',
  RichMedia: 'embedded',
  RichMediaContent: 'embedded',
  RichMediaExecute: 'embedded',
};

/** The trailer (or cross-reference stream) entry of an encrypted file: `/Encrypt 5 0 R` or `/Encrypt <<`. */
const ENCRYPT_KEY = /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/;

const SAFE_LINK = /^\s*(https?:\/\/|mailto:)/i;

class Refused extends Error {
  constructor(readonly reason: keyof typeof MESSAGES) {
    super(reason);
  }
}

/** pdf-lib decodes #xx escapes in names with upper-case hex only; a reader takes either case. */
const nameOf = (n: PDFName) =>
  n.decodeText().replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** The Chinese refusal for a PDF, or undefined when it is a plain document. Never throws. */
export async function pdfProblem(buf: Buffer, limits = PDF_LIMITS): Promise<string | undefined> {
  try {
    await checkPdf(buf, limits);
    return undefined;
  } catch (err) {
    return MESSAGES[err instanceof Refused ? err.reason : 'damaged'];
  }
}

async function checkPdf(buf: Buffer, limits: typeof PDF_LIMITS) {
  // Before parsing: the object streams of an encrypted file decode to noise, which the parser reports as damage.
  if (ENCRYPT_KEY.test(buf.toString('latin1'))) throw new Refused('encrypted');
  const deadline = performance.now() + limits.ms;
  let refused: Refused | undefined;
  const refuse = (reason: keyof typeof MESSAGES) => {
    refused ??= new Refused(reason);
    throw refused;
  };
  // Invalid objects throw instead of being skipped: a skipped object stream would hide its members from the walk.
  const parser = PDFParser.forBytesWithOptions(new Uint8Array(buf.buffer, buf.byteOffset, buf.length), 200, true);
  const internals = parser as unknown as {
    shouldWaitForTick: () => boolean;
    parseObject: (...a: unknown[]) => unknown;
  };
  // Called after each object (object-stream members too): the object and time budget, and a yield every 200.
  let objects = 0;
  internals.shouldWaitForTick = () => {
    objects++;
    if (objects > limits.objects) refuse('tooComplex');
    if (performance.now() > deadline) refuse('tooComplex');
    return objects % 200 === 0;
  };
  // The parser inflates object and cross-reference streams in full: measure each with a capped inflate first.
  let decoded = 0;
  const parseObject = internals.parseObject.bind(parser);
  internals.parseObject = (...args: unknown[]) => {
    const o = parseObject(...args);
    if (o instanceof PDFRawStream) {
      const type = o.dict.lookup(PDFName.of('Type'));
      if (type === PDFName.of('ObjStm') || type === PDFName.of('XRef')) {
        const size = decodedSize(o, limits.decodedBytes - decoded);
        if (typeof size === 'string') refuse(size);
        else decoded += size;
      }
    }
    return o;
  };

  let context: Awaited<ReturnType<PDFParser['parseDocument']>>;
  try {
    context = await parser.parseDocument();
  } catch (err) {
    // The parser wraps errors of an object (ours included) in its own; what we refused is the reason.
    throw refused ?? err;
  }
  if (context.lookup(context.trailerInfo.Encrypt)) refuse('encrypted');
  const catalog = context.lookup(context.trailerInfo.Root);
  if (!(catalog instanceof PDFDict) || !(catalog.lookup(PDFName.of('Pages')) instanceof PDFDict)) refuse('damaged');

  const stack: PDFObject[] = context.enumerateIndirectObjects().map(([, o]) => o);
  let steps = 0;
  while (stack.length) {
    const o = stack.pop()!;
    if (++steps % 10_000 === 0 && performance.now() > deadline) refuse('tooComplex');
    if (o instanceof PDFInvalidObject) refuse('damaged');
    else if (o instanceof PDFStream) stack.push(o.dict);
    else if (o instanceof PDFArray) stack.push(...o.asArray());
    else if (o instanceof PDFName) {
      const active = ACTIVE_NAMES[nameOf(o)];
      if (active) refuse(active);
    } else if (o instanceof PDFDict) {
      const link = o.get(PDFName.of('URI'));
      if ((link instanceof PDFString || link instanceof PDFHexString) && !SAFE_LINK.test(link.decodeText()))
        refuse('link');
      for (const [k, v] of o.entries()) stack.push(k, v);
    }
  }
}

/** Decompressed size of a stream, measured without holding more than `room` bytes. */
function decodedSize(s: PDFRawStream, room: number): number | 'tooComplex' | 'damaged' {
  const filter = s.dict.lookup(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  if (filters.length === 0) return s.contents.length <= room ? s.contents.length : 'tooComplex';
  // Only Flate is measured; other filters on these streams are rare and refused rather than decoded blind.
  if (filters.length !== 1 || filters[0] !== PDFName.of('FlateDecode')) return 'damaged';
  if (room <= 0) return 'tooComplex';
  try {
    // Sync flush: a stream cut short still measures what it holds, as the parser would decode it.
    return inflateSync(s.contents, { maxOutputLength: room, finishFlush: constants.Z_SYNC_FLUSH }).length;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'tooComplex' : 'damaged';
  }
}
