import { xmlCellText } from './cell-text.ts';
import { ImportFileError } from './import-error.ts';
import { XLSX_LIMITS } from './limits.ts';
import type { Book } from './xlsx-book.ts';
import { unpackChunks, type ZipEntry } from './xlsx-zip.ts';
import { XmlScanner } from './xml-scan.ts';

/** One row of a sheet that holds at least one value: text (and whether Excel stored a plain number) by column (1 = A). */
export interface RawRow {
  row: number;
  cells: Map<number, { text: string; numeric: boolean }>;
}

export interface ScanOptions {
  /** Data rows allowed; rows holding any value, in any column, count. */
  maxRows: number;
  /** Rows with a value allowed on top of maxRows (header, title lines above it). */
  extraRows: number;
  /** Runs between steps of the unpacking: the deadline check and a yield to the event loop. */
  between?: () => Promise<void>;
}

/** A1 → 1, Z9 → 26, AA3 → 27 (letters of a cell reference). */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
    if (n > 16384) break;
  }
  return n;
}

/**
 * Streams the rows of one sheet out of the archive (unpacked and tokenised a step at a time, never whole, never to
 * disk). Every row element, every cell element and every row with a value in any column counts toward the limits;
 * a cell longer than Excel allows refuses the file.
 */
export async function* scanSheet(book: Book, entry: ZipEntry, o: ScanOptions): AsyncGenerator<RawRow> {
  const L = XLSX_LIMITS;
  const ready: RawRow[] = [];
  let rowNo = 0;
  let rowElements = 0;
  let dataRows = 0;
  let cellsTotal = 0;
  let cells: RawRow['cells'] | null = null;
  let cellsInRow = 0;
  let col = 0;
  // The cell being read.
  let type = 'n';
  let style = 0;
  let formula = false;
  let capture: 'v' | 't' | null = null;
  let inInline = false;
  let phonetic = 0;
  let value: string[] = [];
  let valueLen = 0;

  const scanner = new XmlScanner({
    open: (name, a) => {
      switch (name) {
        case 'row':
          rowNo = a.r ? Number(a.r) : rowNo + 1;
          if (!Number.isInteger(rowNo) || rowNo < 1) throw new ImportFileError('文件中的行号无效，请使用下载的模板');
          if (++rowElements > L.maxSheetRows)
            throw new ImportFileError(`工作表的行数过多（超过 ${L.maxSheetRows} 行，含空行），请分成多个文件导入`);
          cells = new Map();
          cellsInRow = 0;
          col = 0;
          break;
        case 'c':
          col = a.r ? columnOf(a.r) : col + 1;
          if (++cellsInRow > L.maxColumns || col > L.maxColumns || col < 1)
            throw new ImportFileError(`第 ${rowNo} 行的列数超过 ${L.maxColumns} 列，请删除多余的列后上传`);
          if (++cellsTotal > L.maxCells)
            throw new ImportFileError(`工作表的单元格过多（超过 ${L.maxCells} 个），请分成多个文件导入`);
          type = a.t ?? 'n';
          style = Number(a.s ?? 0);
          formula = false;
          value = [];
          valueLen = 0;
          break;
        case 'f':
          formula = true;
          break;
        case 'v':
          capture = 'v';
          break;
        case 'is':
          inInline = true;
          break;
        case 'rPh':
          phonetic++;
          break;
        case 't':
          if (inInline && !phonetic) capture = 't';
          break;
      }
    },
    close: (name) => {
      switch (name) {
        case 'v':
        case 't':
          capture = null;
          break;
        case 'is':
          inInline = false;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c': {
          if (!cells) break;
          let raw = value.join('');
          if (type === 's') raw = book.sharedStrings[Number(raw)] ?? '';
          const cell = xmlCellText(type, raw, { numFmt: book.formats[style], date1904: book.date1904, formula });
          if (cell.text) cells.set(col, cell);
          break;
        }
        case 'row':
          if (cells?.size) {
            if (++dataRows > o.maxRows + o.extraRows)
              throw new ImportFileError(`数据行数超过 ${o.maxRows} 行，请分成多个文件导入`);
            ready.push({ row: rowNo, cells });
          }
          cells = null;
          break;
      }
    },
    text: (t) => {
      if (!capture) return;
      value.push(t);
      valueLen += t.length;
      if (valueLen > L.maxCellChars)
        throw new ImportFileError(`第 ${rowNo} 行有单元格超过 ${L.maxCellChars} 个字符（Excel 的上限），请检查文件`);
    },
  });

  const decoder = new TextDecoder('utf-8');
  for await (const chunk of unpackChunks(book.buf, entry, L.maxUnpackedBytes)) {
    scanner.push(decoder.decode(chunk, { stream: true }));
    // Rows found in a step are handed out before the next one: the step bounds how many pile up.
    yield* ready.splice(0);
    if (o.between) await o.between();
  }
  scanner.push(decoder.decode());
  scanner.end();
  yield* ready.splice(0);
}
