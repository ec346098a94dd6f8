import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellText } from './cell-text.ts';
import { NOTE_SHEET } from './sheet-reader.ts';

/** One problem of an import file: `row` as Excel numbers it, `column` the header name ('' for the whole row). */
export interface ImportProblem {
  row: number;
  column: string;
  value: string;
  message: string;
}

/** How many problems an answer lists; the rest are counted (the annotated copy has them all). */
export const MAX_LISTED = 200;

/** 第 7 行「手机号」：请输入正确的 11 位手机号 — or 第 7 行：… for a problem of the whole row. */
export const problemText = (p: Pick<ImportProblem, 'row' | 'column' | 'message'>) =>
  `第 ${p.row} 行${p.column ? `「${p.column}」` : ''}：${p.message}`;

/** Sorted by row then column order of discovery; at most MAX_LISTED, with how many were left out. */
export function listProblems(all: readonly ImportProblem[], max = MAX_LISTED) {
  const sorted = [...all].sort((a, b) => a.row - b.row);
  return { errors: sorted.slice(0, max), moreErrors: Math.max(0, sorted.length - max) };
}

/**
 * A copy of the uploaded file's data sheet with a 错误说明 column: each row's problems joined (red), so the merchant
 * fixes the file in place. Read and written row by row (streaming reader and writer); cells are copied as their
 * normalised text, so long numbers keep their digits.
 */
export async function annotatedCopy(file: Buffer, problems: readonly ImportProblem[]): Promise<Buffer> {
  const byRow = new Map<number, string[]>();
  for (const p of problems) {
    const list = byRow.get(p.row) ?? [];
    list.push(p.column ? `「${p.column}」${p.message}` : p.message);
    byRow.set(p.row, list);
  }
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('错误说明', { views: [{ state: 'frozen', ySplit: 1 }] });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let done = false;
  let width = 0;
  let headerSeen = false;
  for await (const sheet of reader) {
    const name = (sheet as unknown as { name?: string }).name ?? '';
    if (done || name === NOTE_SHEET) {
      for await (const _ of sheet);
      continue;
    }
    done = true;
    for await (const row of sheet) {
      const values: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        values[col - 1] = cellText(cell.value, cell.numFmt);
      });
      if (!headerSeen) {
        if (!values.some(Boolean)) continue;
        headerSeen = true;
        width = values.length;
        ws.columns = [...values.map(() => ({ width: 16, style: { numFmt: '@' } })), { width: 60 }];
        const head = ws.getRow(row.number);
        [...values, '错误说明'].forEach((v, i) => {
          head.getCell(i + 1).value = v;
        });
        head.font = { bold: true };
        head.commit();
        continue;
      }
      const cells = Array.from({ length: width }, (_, i) => values[i] ?? '');
      const notes = byRow.get(row.number);
      // The same row number as in the uploaded file: 第 7 行 of the report is row 7 of the copy.
      const r = ws.getRow(row.number);
      [...cells, notes ? notes.join('；') : ''].forEach((v, i) => {
        r.getCell(i + 1).value = v;
      });
      if (notes) r.getCell(width + 1).font = { color: { argb: 'FFCF1322' } };
      r.commit();
    }
  }
  ws.commit();
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}
