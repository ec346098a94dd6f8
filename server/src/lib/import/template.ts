import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { NOTE_SHEET } from './sheet-reader.ts';

export interface TemplateColumn {
  header: string;
  required?: boolean;
  /** What the column takes, for the 说明 sheet. */
  note: string;
  example?: string;
  /** Allowed values: a drop-down list (data validation) on the data rows. */
  list?: readonly string[];
  /** Text-formatted (@): phone and ID numbers keep their digits. */
  text?: boolean;
  width?: number;
}

export interface TemplateSpec {
  /** The data sheet's name (员工, 商品). */
  sheet: string;
  columns: readonly TemplateColumn[];
  /** Lines above the column table on the 说明 sheet. */
  notes: readonly string[];
  /** Rows the validation lists and text formats cover. */
  rows?: number;
}

const colName = (i: number) => {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

/** The data sheet's header row as the template writes it: required columns marked *. */
export const headerRow = (spec: Pick<TemplateSpec, 'columns'>) =>
  spec.columns.map((c) => (c.required ? `${c.header}*` : c.header));

/**
 * The import template, written with exceljs's streaming WorkbookWriter: the data sheet first (it opens on it) with a
 * bold frozen header (required columns marked *), drop-down lists and text-formatted number columns; then 说明: the
 * rules and one line per column (required, allowed values, example).
 */
export async function templateBuffer(spec: TemplateSpec): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const rows = spec.rows ?? 5001;

  const data = wb.addWorksheet(spec.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  data.columns = spec.columns.map((c) => ({
    width: c.width ?? Math.max(10, c.header.length * 2 + 4),
    ...(c.text && { style: { numFmt: '@' } }),
  }));
  const head = data.addRow(headerRow(spec));
  head.font = { bold: true };
  head.commit();
  const validations = (data as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } })
    .dataValidations;
  spec.columns.forEach((c, i) => {
    if (!c.list?.length) return;
    validations.add(`${colName(i)}2:${colName(i)}${rows}`, {
      type: 'list',
      allowBlank: !c.required,
      formulae: [`"${c.list.join(',')}"`],
      showErrorMessage: true,
      errorTitle: '输入有误',
      error: `请从下拉列表中选择：${c.list.join('、')}`,
    });
  });
  data.commit();

  const note = wb.addWorksheet(NOTE_SHEET);
  note.columns = [{ width: 18 }, { width: 8 }, { width: 60 }, { width: 28 }];
  for (const line of spec.notes) note.addRow([line]).commit();
  note.addRow([]).commit();
  const th = note.addRow(['列名', '必填', '填写说明', '示例']);
  th.font = { bold: true };
  th.commit();
  for (const c of spec.columns) {
    const allowed = c.list?.length ? `（可选：${c.list.join('、')}）` : '';
    note.addRow([c.header, c.required ? '是' : '否', `${c.note}${allowed}`, c.example ?? '']).commit();
  }
  note.commit();
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}
