import type { BankBranch } from '@jz/contracts/bank';
import { type Info, parse } from 'csv-parse/sync';

/** A record of the file with the source line it starts on (1-based; a quoted field may span lines). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Splits CSV text into records with csv-parse (RFC 4180: quoted fields, doubled quotes, a BOM at the start), as lenient
 * as the exports of bank tables need: CRLF, LF and CR mixed in one file, rows of different lengths, a stray quote inside
 * an unquoted field kept as a character, blank rows skipped. A quote left open refuses the file (csv-parse's
 * CSV_QUOTE_NOT_CLOSED, naming the line) instead of swallowing the rest of it into one field.
 */
export function parseCsvRecords(text: string): CsvRecord[] {
  // Every line break made LF first: csv-parse counts a CRLF inside a quoted field as two lines, which would shift the
  // line numbers of refused rows. A break inside a quoted field therefore comes back as LF.
  const out = parse(text.replace(/\r\n?/g, '\n'), {
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    // Whitespace around a quoted field ("a"  ,b) is dropped rather than refused; every field is trimmed anyway.
    trim: true,
    skip_records_with_empty_values: true,
    info: true,
    raw: true,
  }) as unknown as { record: string[]; info: Info; raw: string }[]; // the typings do not model info/raw
  return out.map(({ record, info, raw }) => ({
    // info.lines is the line the record ends on: back up over the line breaks inside it.
    line: info.lines - (raw.replace(/\n$/, '').match(/\n/g)?.length ?? 0),
    fields: record,
  }));
}

/** The fields of every non-blank record. */
export function parseCsv(text: string): string[][] {
  return parseCsvRecords(text).map((r) => r.fields);
}

/** Header names accepted for each column (English or the usual Chinese ones). */
const HEADERS: Record<keyof BankBranch, string[]> = {
  code: ['code', '联行号', '行号', '支行行号'],
  bankName: ['bankname', 'bank_name', '银行', '银行名称', '所属银行'],
  branchName: ['branchname', 'branch_name', '支行', '支行名称', '网点名称', '开户行名称'],
  province: ['province', '省', '省份'],
  city: ['city', '市', '城市'],
};

export interface CsvImport {
  rows: BankBranch[];
  /** Lines refused, with their 1-based line number and why. */
  rejected: { line: number; reason: string }[];
}

/**
 * Reads a bank-branch CSV. With a header row the columns are found by name; without one the order is
 * code, bankName, branchName, province, city. Refused lines carry their line number in the file.
 */
export function readBranchCsv(text: string): CsvImport {
  const all = parseCsvRecords(text);
  if (!all.length) return { rows: [], rejected: [] };
  const head = all[0].fields.map((h) => h.trim().toLowerCase());
  const hasHeader = !/^\d{12}$/.test(all[0].fields[0]?.trim() ?? '') && head.some((h) => HEADERS.code.includes(h));
  const index = Object.fromEntries(
    (Object.keys(HEADERS) as (keyof BankBranch)[]).map((k, i) => [
      k,
      hasHeader ? head.findIndex((h) => HEADERS[k].includes(h)) : i,
    ]),
  ) as Record<keyof BankBranch, number>;
  const missing = (Object.keys(index) as (keyof BankBranch)[]).filter((k) => index[k] < 0);
  if (missing.length) throw new Error(`CSV header lacks column(s): ${missing.join(', ')}`);

  const rows: BankBranch[] = [];
  const rejected: CsvImport['rejected'] = [];
  for (const { line, fields: f } of all.slice(hasHeader ? 1 : 0)) {
    const get = (k: keyof BankBranch) => (f[index[k]] ?? '').trim();
    const r: BankBranch = {
      code: get('code'),
      bankName: get('bankName'),
      branchName: get('branchName'),
      province: get('province'),
      city: get('city'),
    };
    if (!/^\d{12}$/.test(r.code)) rejected.push({ line, reason: `联行号须为 12 位数字：${r.code || '(空)'}` });
    else if (!r.bankName || !r.branchName) rejected.push({ line, reason: '银行名称和支行名称不能为空' });
    else if ([r.bankName, r.branchName, r.province, r.city].some((v) => v.length > 100))
      rejected.push({ line, reason: '字段过长' });
    else rows.push(r);
  }
  return { rows, rejected };
}
