import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { readRawRows } from './sheet-reader.ts';

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

/** How much of a cell a report repeats: enough to find the cell, never a whole pasted document. */
export const VALUE_CHARS = 30;

/** The first `max` characters (whole code points) and … when there were more. */
export function cutText(s: string, max = VALUE_CHARS) {
  const chars = Array.from(s.length > max * 2 + 2 ? s.slice(0, max * 2 + 2) : s);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : s;
}

/**
 * A problem as answered and stored: the value cut to VALUE_CHARS, values quoted 「…」 in the message too (店铺名,
 * 服务类目 names are repeated there), and the message itself bounded.
 */
export const shortProblem = (p: ImportProblem): ImportProblem => ({
  row: p.row,
  column: cutText(p.column, 40),
  value: cutText(p.value),
  message: cutText(
    p.message.replace(/「([^」]*)」/g, (_, v: string) => `「${cutText(v)}」`),
    200,
  ),
});

/** Sorted by row then column order of discovery; at most MAX_LISTED, with how many were left out. */
export function listProblems(all: readonly ImportProblem[], max = MAX_LISTED) {
  const sorted = [...all].sort((a, b) => a.row - b.row);
  return { errors: sorted.slice(0, max), moreErrors: Math.max(0, sorted.length - max) };
}

/**
 * A copy of the uploaded file's data sheet with a 错误说明 column: each row's problems joined (red), so the merchant
 * fixes the file in place. Read and written row by row (the bounded reader of sheet-reader.ts, exceljs's streaming
 * writer); cells are copied as their normalised text, so long numbers keep their digits.
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
  let width = 0;
  let headerSeen = false;
  for await (const row of readRawRows(file)) {
    const values: string[] = [];
    for (const [col, cell] of row.cells) values[col - 1] = cell.text;
    if (!headerSeen) {
      headerSeen = true;
      width = values.length;
      ws.columns = [...Array.from({ length: width }, () => ({ width: 16, style: { numFmt: '@' } })), { width: 60 }];
      const head = ws.getRow(row.row);
      [...Array.from({ length: width }, (_, i) => values[i] ?? ''), '错误说明'].forEach((v, i) => {
        head.getCell(i + 1).value = v;
      });
      head.font = { bold: true };
      head.commit();
      continue;
    }
    const cells = Array.from({ length: width }, (_, i) => values[i] ?? '');
    const notes = byRow.get(row.row);
    // The same row number as in the uploaded file: 第 7 行 of the report is row 7 of the copy.
    const r = ws.getRow(row.row);
    [...cells, notes ? notes.join('；') : ''].forEach((v, i) => {
      r.getCell(i + 1).value = v;
    });
    if (notes) r.getCell(width + 1).font = { color: { argb: 'FFCF1322' } };
    r.commit();
  }
  ws.commit();
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}
