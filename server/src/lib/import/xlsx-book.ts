import path from 'node:path';
import { ImportFileError } from './import-error.ts';
import { XLSX_LIMITS } from './limits.ts';
import { XmlScanner } from './xml-scan.ts';
import { entryText, inspectZip, unpackEntry, type ZipEntry } from './xlsx-zip.ts';

/**
 * The parts of an xlsx a reading needs besides the sheet itself: the sheets in tab order (workbook + its
 * relationships), each cell style's number format (a date is a number with a date format), the 1904 date system flag
 * and the shared strings. All read from memory under the limits of limits.ts.
 */
export interface Book {
  buf: Buffer;
  entries: Map<string, ZipEntry>;
  /** In the order Excel shows the tabs. */
  sheets: { name: string; entry: ZipEntry }[];
  /** Number format of each cell style (the s attribute of a cell). */
  formats: string[];
  date1904: boolean;
  sharedStrings: string[];
}

const BAD = '文件不是有效的 Excel（.xlsx）文件或已损坏，请使用下载的模板';

/** Excel's built-in number formats that show dates or times (their zh-CN codes); other built-ins are not dates. */
const BUILTIN_FORMATS: Record<number, string> = {
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy "h":mm',
  27: 'yyyy"年"m"月"',
  28: 'm"月"d"日"',
  29: 'm"月"d"日"',
  30: 'm-d-yy',
  31: 'yyyy"年"m"月"d"日"',
  32: 'h"时"mm"分"',
  33: 'h"时"mm"分"ss"秒"',
  34: '上午/下午 h"时"mm"分"',
  35: '上午/下午 h"时"mm"分"ss"秒"',
  36: 'yyyy"年"m"月"',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  49: '@',
  50: 'yyyy"年"m"月"',
  51: 'm"月"d"日"',
  52: 'yyyy"年"m"月"',
  53: 'm"月"d"日"',
  54: 'm"月"d"日"',
  55: '上午/下午 h"时"mm"分"',
  56: '上午/下午 h"时"mm"分"ss"秒"',
  57: 'yyyy"年"m"月"',
  58: 'm"月"d"日"',
};

/** Runs a small XML part through the scanner. */
async function scanPart(
  book: Pick<Book, 'buf' | 'entries'>,
  name: string,
  h: ConstructorParameters<typeof XmlScanner>[0],
) {
  const e = book.entries.get(name);
  if (!e) return false;
  const s = new XmlScanner(h);
  s.push(await entryText(book.buf, e, XLSX_LIMITS.maxSmallPartBytes));
  s.end();
  return true;
}

const noop = () => {};

/** Relationship targets by id, resolved against the part's folder (`xl/`). */
async function relationships(book: Pick<Book, 'buf' | 'entries'>, relsName: string, base: string) {
  const rels: { id: string; type: string; target: string }[] = [];
  await scanPart(book, relsName, {
    open: (name, a) => {
      if (name === 'Relationship' && a.Target && a.TargetMode !== 'External')
        rels.push({
          id: a.Id ?? '',
          type: a.Type ?? '',
          target: a.Target.startsWith('/') ? a.Target.slice(1) : path.posix.join(base, a.Target),
        });
    },
    close: noop,
    text: noop,
  });
  return rels;
}

/**
 * Opens an upload: inspects the archive (limits.ts), then reads workbook, relationships, styles and shared strings.
 * `between` runs while the shared strings unpack (deadline, yield).
 */
export async function openBook(buf: Buffer, between?: () => Promise<void>): Promise<Book> {
  const entries = inspectZip(buf);
  const base = { buf, entries };
  const wbName = entries.has('xl/workbook.xml')
    ? 'xl/workbook.xml'
    : [...entries.keys()].find((n) => /(^|\/)workbook\.xml$/.test(n));
  if (!wbName) throw new ImportFileError(BAD);
  const dir = path.posix.dirname(wbName);
  const rels = await relationships(base, path.posix.join(dir, '_rels', `${path.posix.basename(wbName)}.rels`), dir);
  const byId = new Map(rels.map((r) => [r.id, r.target]));
  const ofType = (t: string) => rels.find((r) => r.type.endsWith(`/${t}`))?.target;

  const sheets: Book['sheets'] = [];
  let date1904 = false;
  await scanPart(base, wbName, {
    open: (name, a) => {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (name !== 'sheet') return;
      const target = byId.get(a.id ?? '');
      const entry = target ? entries.get(target) : undefined;
      if (entry) sheets.push({ name: a.name ?? '', entry });
    },
    close: noop,
    text: noop,
  });

  const formats = await styleFormats(base, ofType('styles') ?? path.posix.join(dir, 'styles.xml'));
  const sharedStrings = await readSharedStrings(
    base,
    ofType('sharedStrings') ?? path.posix.join(dir, 'sharedStrings.xml'),
    between,
  );
  return { buf, entries, sheets, formats, date1904, sharedStrings };
}

async function styleFormats(book: Pick<Book, 'buf' | 'entries'>, name: string) {
  const custom = new Map<number, string>();
  const xfIds: number[] = [];
  let inXfs = false;
  await scanPart(book, name, {
    open: (n, a) => {
      if (n === 'numFmt') custom.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (n === 'cellXfs') inXfs = true;
      else if (n === 'xf' && inXfs) xfIds.push(Number(a.numFmtId ?? 0));
    },
    close: (n) => {
      if (n === 'cellXfs') inXfs = false;
    },
    text: noop,
  });
  return xfIds.map((id) => custom.get(id) ?? BUILTIN_FORMATS[id] ?? '');
}

/**
 * The shared strings: each <si>'s text runs joined, phonetic runs (<rPh>) left out. Bounded by the part's cap, the
 * number of cells a sheet may hold and Excel's characters per cell.
 */
async function readSharedStrings(
  book: Pick<Book, 'buf' | 'entries'>,
  name: string,
  between?: () => Promise<void>,
): Promise<string[]> {
  const e = book.entries.get(name);
  if (!e) return [];
  const L = XLSX_LIMITS;
  const out: string[] = [];
  let cur: string[] | null = null;
  let curLen = 0;
  let phonetic = 0;
  let inT = false;
  const scanner = new XmlScanner({
    open: (n) => {
      if (n === 'si') {
        cur = [];
        curLen = 0;
      } else if (n === 'rPh') phonetic++;
      else if (n === 't' && cur && !phonetic) inT = true;
    },
    close: (n) => {
      if (n === 't') inT = false;
      else if (n === 'rPh') phonetic--;
      else if (n === 'si' && cur) {
        out.push(cur.join(''));
        cur = null;
        if (out.length > L.maxCells)
          throw new ImportFileError(`文件中的文字条目过多（超过 ${L.maxCells} 个），请分成多个文件导入`);
      }
    },
    text: (t) => {
      if (!inT || !cur) return;
      cur.push(t);
      curLen += t.length;
      if (curLen > L.maxCellChars)
        throw new ImportFileError(`有单元格超过 ${L.maxCellChars} 个字符（Excel 的上限），请检查文件`);
    },
  });
  const decoder = new TextDecoder('utf-8');
  await unpackEntry(
    book.buf,
    e,
    L.maxSharedStringsBytes,
    (c) => scanner.push(decoder.decode(c, { stream: true })),
    between,
  );
  scanner.push(decoder.decode());
  scanner.end();
  return out;
}
