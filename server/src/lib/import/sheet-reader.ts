import { ImportFileError } from './import-error.ts';
import { XLSX_LIMITS } from './limits.ts';
import { type Book, openBook } from './xlsx-book.ts';
import { type RawRow, scanSheet } from './xlsx-sheet.ts';

export { ImportFileError };

export const IMPORT_MAX_ROWS = 5000;
/** Sheets of a template that never hold data. */
export const NOTE_SHEET = '说明';

export interface SheetRow {
  /** The row number as Excel shows it (the header is usually row 1, the first data row 2). */
  row: number;
  /** Normalised cell text by canonical header name; '' for an empty cell. */
  cells: Record<string, string>;
  /** Headers whose cell Excel stored as a number (an ID number typed without text format has lost digits). */
  numeric: string[];
}

export interface ReadOptions {
  /** Known column headers (canonical names). Columns are found by name, in any order; unknown ones are ignored. */
  headers: readonly string[];
  /** Headers that must be present. */
  required: readonly string[];
  maxRows?: number;
  /** Told every `every` data rows how many were read (progress). */
  onProgress?: (rowsRead: number) => void | Promise<void>;
  every?: number;
  /** Runs between steps of the reading: the check's deadline, and a yield so other requests are served. */
  between?: () => Promise<void>;
}

/** '手机号*', '手机号（必填）', ' 手机号 ' → '手机号'. */
export const headerKey = (s: string) =>
  s
    .replace(/[（(]\s*(必填|选填)\s*[)）]/g, '')
    .replace(/[*＊\s]/g, '')
    .trim();

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** Refuses what is certainly not an xlsx before the zip reader sees it. */
export function assertXlsx(head: Buffer) {
  if (head.subarray(0, 4).equals(OLE_MAGIC))
    throw new ImportFileError('不支持 .xls 格式，请在 Excel 中另存为 .xlsx 后上传');
  if (!head.subarray(0, 4).equals(XLSX_MAGIC))
    throw new ImportFileError('文件不是有效的 Excel（.xlsx）文件，请使用下载的模板');
}

/** The data sheet: the first tab not named 说明. */
function dataSheet(book: Book) {
  const sheet = book.sheets.find((s) => s.name !== NOTE_SHEET);
  if (!sheet) throw new ImportFileError('文件中没有数据工作表，请使用下载的模板');
  return sheet;
}

/**
 * The rows of the data sheet holding any value, as raw text by column, read from memory under the limits of
 * limits.ts (the annotated copy reads every column this way). `maxRows` data rows below a header (and a few title
 * lines above it) at most.
 */
export async function* readRawRows(
  buf: Buffer,
  o: { maxRows?: number; between?: () => Promise<void> } = {},
): AsyncGenerator<RawRow> {
  assertXlsx(buf);
  try {
    const book = await openBook(buf, o.between);
    yield* scanSheet(book, dataSheet(book).entry, {
      maxRows: o.maxRows ?? IMPORT_MAX_ROWS,
      extraRows: 1 + TITLE_LINES,
      between: o.between,
    });
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError('文件不是有效的 Excel（.xlsx）文件或已损坏，请使用下载的模板');
  }
}

/** Lines with a value above the header a file may have (a title). */
const TITLE_LINES = 10;

/**
 * Reads the data sheet of an xlsx row by row (readRawRows: unpacked in memory a step at a time, never to disk): the
 * first sheet not named 说明, its first row naming a known header is the header. Every row holding a value counts
 * toward `maxRows`, even when its known columns are empty (such rows are not handed on); so does their text toward
 * the text limit.
 */
export async function* readSheetRows(buf: Buffer, o: ReadOptions): AsyncGenerator<SheetRow> {
  const max = o.maxRows ?? IMPORT_MAX_ROWS;
  const known = new Map(o.headers.map((h) => [headerKey(h), h]));
  let columns: Map<number, string> | null = null;
  let count = 0;
  let titles = 0;
  let chars = 0;
  for await (const row of readRawRows(buf, { maxRows: max, between: o.between })) {
    if (!columns) {
      const map = new Map<number, string>();
      for (const [col, cell] of row.cells) {
        const h = known.get(headerKey(cell.text));
        if (h && ![...map.values()].includes(h)) map.set(col, h);
      }
      if (!map.size) {
        if (++titles > TITLE_LINES) break; // no header near the top
        continue; // a title line above the header
      }
      const missing = o.required.filter((h) => ![...map.values()].includes(h));
      if (missing.length)
        throw new ImportFileError(`表头缺少列：${missing.map((h) => `「${h}」`).join('、')}，请使用下载的模板`);
      columns = map;
      continue;
    }
    count++;
    if (count > max) throw new ImportFileError(`数据行数超过 ${max} 行，请分成多个文件导入`);
    const cells: Record<string, string> = Object.fromEntries(o.headers.map((h) => [h, '']));
    const numeric: string[] = [];
    let any = false;
    for (const [col, h] of columns) {
      const cell = row.cells.get(col);
      if (!cell) continue;
      cells[h] = cell.text;
      chars += cell.text.length;
      any = true;
      if (cell.numeric) numeric.push(h);
    }
    if (chars > XLSX_LIMITS.maxTextChars)
      throw new ImportFileError(
        `文件中的文字过多（超过 ${XLSX_LIMITS.maxTextChars / 10_000} 万字），请分成多个文件导入`,
      );
    if (o.onProgress && count % (o.every ?? 200) === 0) await o.onProgress(count);
    if (any) yield { row: row.row, cells, numeric };
  }
  if (!columns) throw new ImportFileError('没有找到表头行，请使用下载的模板');
}
