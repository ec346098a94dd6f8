import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellText } from './cell-text.ts';

/** A file the import cannot read at all (not an xlsx, no data sheet, a header missing, too many rows): 2001. */
export class ImportFileError extends Error {}

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
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

/**
 * Reads the data sheet of an xlsx row by row with exceljs's streaming WorkbookReader (the workbook is never held as a
 * whole): the first sheet not named 说明, its first non-empty row is the header. Rows whose every known cell is empty
 * are skipped. More than `maxRows` data rows stops the reading with an ImportFileError.
 */
export async function* readSheetRows(input: Buffer | Readable, o: ReadOptions): AsyncGenerator<SheetRow> {
  if (Buffer.isBuffer(input)) assertXlsx(input);
  const max = o.maxRows ?? IMPORT_MAX_ROWS;
  const stream = Buffer.isBuffer(input) ? Readable.from([input]) : input;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // number formats: a date cell is told from a number by its format
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const known = new Map(o.headers.map((h) => [headerKey(h), h]));
  let found = false;
  let count = 0;
  try {
    for await (const sheet of reader) {
      const name = (sheet as unknown as { name?: string }).name ?? '';
      if (found || name === NOTE_SHEET) {
        for await (const _ of sheet); // drain: the zip is read in order
        continue;
      }
      found = true;
      let columns: Map<number, string> | null = null;
      for await (const row of sheet) {
        if (!columns) {
          const map = new Map<number, string>();
          row.eachCell((cell, col) => {
            const h = known.get(headerKey(cellText(cell.value)));
            if (h && ![...map.values()].includes(h)) map.set(col, h);
          });
          if (!map.size) continue; // a title line above the header
          const missing = o.required.filter((h) => ![...map.values()].includes(h));
          if (missing.length)
            throw new ImportFileError(`表头缺少列：${missing.map((h) => `「${h}」`).join('、')}，请使用下载的模板`);
          columns = map;
          continue;
        }
        const cells: Record<string, string> = Object.fromEntries(o.headers.map((h) => [h, '']));
        const numeric: string[] = [];
        let any = false;
        for (const [col, h] of columns) {
          const cell = row.getCell(col);
          const text = cellText(cell.value, cell.numFmt);
          cells[h] = text;
          if (text) any = true;
          if (typeof cell.value === 'number') numeric.push(h);
        }
        if (!any) continue;
        count++;
        if (count > max) throw new ImportFileError(`数据行数超过 ${max} 行，请分成多个文件导入`);
        if (o.onProgress && count % (o.every ?? 200) === 0) await o.onProgress(count);
        yield { row: row.number, cells, numeric };
      }
      if (!columns) throw new ImportFileError('没有找到表头行，请使用下载的模板');
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError('文件不是有效的 Excel（.xlsx）文件或已损坏，请使用下载的模板');
  } finally {
    stream.destroy();
  }
  if (!found) throw new ImportFileError('文件中没有数据工作表，请使用下载的模板');
}
