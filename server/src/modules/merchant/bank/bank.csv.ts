import type { BankBranch } from '@jz/contracts/bank';

/** Splits CSV text into rows of fields (RFC 4180: quoted fields, doubled quotes, CRLF or LF, a BOM at the start). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
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
 * code, bankName, branchName, province, city.
 */
export function readBranchCsv(text: string): CsvImport {
  const all = parseCsv(text);
  if (!all.length) return { rows: [], rejected: [] };
  const head = all[0].map((h) => h.trim().toLowerCase());
  const hasHeader = !/^\d{12}$/.test(all[0][0]?.trim() ?? '') && head.some((h) => HEADERS.code.includes(h));
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
  all.slice(hasHeader ? 1 : 0).forEach((f, i) => {
    const line = i + (hasHeader ? 2 : 1);
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
  });
  return { rows, rejected };
}
