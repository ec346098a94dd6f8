import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { dayjs, TZ } from '../time.ts';

/**
 * Every table export of the console (订单, 收支明细, 员工数据, 运营数据) goes through here: one description answers an
 * Excel workbook (.xlsx, the default, streamed by exceljs's WorkbookWriter) or CSV with a UTF-8 BOM (`format=csv`).
 *
 * Cell kinds: text (always a string cell: a value starting with = is text, never a formula), money (fen in, yuan out:
 * a number shown with two decimals), integer, decimal (two decimals, e.g. an average rating) and percent (a ratio
 * 0..1 shown as 12.34%). An empty value (null, undefined, '') is an empty cell.
 */
export type ColumnKind = 'text' | 'money' | 'integer' | 'decimal' | 'percent';
export type ExportCell = string | number | null | undefined;

export interface ExportColumn {
  header: string;
  /** In characters; 12 when absent. */
  width?: number;
  /** 'text' when absent. */
  kind?: ColumnKind;
}

export interface ExportSheet {
  name: string;
  columns: ExportColumn[];
  /** One array of cells per row, in the order of `columns`. */
  rows: Iterable<ExportCell[]>;
}

export interface TableExport {
  /** The file's base name, in Chinese (e.g. 订单); `_<Shanghai timestamp>.<ext>` is appended. */
  fileName: string;
  /** The ASCII fallback name for old clients (e.g. orders). */
  asciiName: string;
  /** Usually one; in CSV the sheets follow one another, separated by an empty line. */
  sheets: ExportSheet[];
}

export type ExportFormat = 'xlsx' | 'csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const NUM_FMT: Record<ColumnKind, string | undefined> = {
  text: undefined,
  money: '#,##0.00',
  integer: '0',
  decimal: '0.00',
  percent: '0.00%',
};

const empty = (v: ExportCell): v is null | undefined | '' => v === null || v === undefined || v === '';

/** The value a cell holds in the workbook: numbers for the numeric kinds, a string for text. */
export function xlsxValue(v: ExportCell, kind: ColumnKind = 'text'): string | number | null {
  if (empty(v)) return null;
  if (kind === 'text' || typeof v !== 'number' || !Number.isFinite(v)) return String(v);
  return kind === 'money' ? Math.round(v) / 100 : v;
}

/** A CSV field: formatted by kind; text defused (a leading = + - @ tab CR gets a ') and quoted when needed. */
export function csvField(v: ExportCell, kind: ColumnKind = 'text'): string {
  if (empty(v)) return '';
  let s: string;
  if (kind !== 'text' && typeof v === 'number' && Number.isFinite(v)) {
    if (kind === 'money') s = (Math.round(v) / 100).toFixed(2);
    else if (kind === 'decimal') s = v.toFixed(2);
    else if (kind === 'percent') s = `${(v * 100).toFixed(2)}%`;
    else s = String(Math.round(v));
  } else {
    s = String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  }
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The whole CSV text, BOM first (Excel then reads the Chinese text as UTF-8), CRLF line ends. */
export function toCsv(t: TableExport): string {
  const blocks = t.sheets.map((s) => {
    const kinds = s.columns.map((c) => c.kind);
    const lines = [s.columns.map((c) => csvField(c.header)).join(',')];
    for (const row of s.rows) lines.push(kinds.map((k, i) => csvField(row[i], k)).join(','));
    return lines.join('\r\n');
  });
  return `\uFEFF${blocks.join('\r\n\r\n')}\r\n`;
}

/** A valid sheet name: at most 31 characters, none of \ / ? * [ ] :, unique in the workbook. */
function sheetName(name: string, taken: Set<string>) {
  const base =
    name
      .replace(/[\\/?*[\]:]/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim()
      .slice(0, 28) || 'Sheet';
  let n = base;
  for (let i = 2; taken.has(n.toLowerCase()); i++) n = `${base}(${i})`;
  taken.add(n.toLowerCase());
  return n;
}

/** Streams the workbook to `out`: header row bold and frozen, column widths, a number format per numeric column. */
export async function writeXlsx(t: TableExport, out: Writable): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const taken = new Set<string>();
  for (const s of t.sheets) {
    const ws = wb.addWorksheet(sheetName(s.name, taken), { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = s.columns.map((c) => ({ width: c.width ?? 12 }));
    const head = ws.addRow(s.columns.map((c) => c.header));
    head.font = { bold: true };
    head.commit();
    for (const cells of s.rows) {
      const row = ws.addRow(s.columns.map((c, i) => xlsxValue(cells[i], c.kind)));
      s.columns.forEach((c, i) => {
        const fmt = NUM_FMT[c.kind ?? 'text'];
        const cell = row.getCell(i + 1);
        if (fmt && typeof cell.value === 'number') cell.numFmt = fmt;
      });
      row.commit();
    }
    ws.commit();
  }
  await wb.commit();
}

/** The workbook in memory (tests, or a caller that must attach it elsewhere). */
export async function xlsxBuffer(t: TableExport): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await writeXlsx(t, out);
  await ended;
  return Buffer.concat(chunks);
}

/** RFC 5987 value: encodeURIComponent leaves ' ( ) * ! unescaped, which filename* does not allow. */
const rfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The attachment header: the UTF-8 name (filename*) first, which the web client takes, then an ASCII `filename` for
 * clients that do not read filename*. Both carry the Shanghai timestamp.
 */
export function contentDisposition(
  t: Pick<TableExport, 'fileName' | 'asciiName'>,
  ext: ExportFormat,
  now = new Date(),
) {
  const stamp = dayjs(now).tz(TZ).format('YYYYMMDDHHmmss');
  const ascii = `${t.asciiName.replace(/[^A-Za-z0-9._-]/g, '_') || 'export'}_${stamp}.${ext}`;
  return `attachment; filename*=UTF-8''${rfc5987(`${t.fileName}_${stamp}.${ext}`)}; filename="${ascii}"`;
}

/**
 * Answers the export: CSV as one string, the workbook streamed through a PassThrough (rows are already read, so a
 * database error is still an envelope; a failure while zipping ends the transfer with an error).
 */
export function sendTable(reply: FastifyReply, format: ExportFormat, t: TableExport) {
  reply.header('content-disposition', contentDisposition(t, format));
  if (format === 'csv') return reply.header('content-type', 'text/csv; charset=utf-8').send(toCsv(t));
  const out = new PassThrough();
  writeXlsx(t, out).catch((err: Error) => {
    reply.log.error({ err }, 'xlsx export failed');
    out.destroy(err);
  });
  return reply.header('content-type', XLSX_TYPE).send(out);
}
