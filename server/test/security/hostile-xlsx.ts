import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { employeeImporter } from '../../src/modules/merchant/employee/employee-import.ts';

/**
 * Hand-built xlsx files for the import limits (import-limits.test.ts, bench/import-memory.bench.ts): the parts are
 * written as raw XML into a zip whose entry order, compression and declared sizes the caller chooses, streamed so a
 * 100 MB sheet is never one string.
 */
/** The employee import's column titles, as the importer reads them. */
export const EMPLOYEE_HEAD = employeeImporter.headers;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A1-style column letters of a 1-based column. */
export function colName(n: number) {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}

/** An inline-string cell (no shared strings needed). */
export const inlineCell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${esc(text)}</t></is></c>`;

/** One row of inline-string cells from column A. */
export const inlineRow = (r: number, values: readonly string[]) =>
  `<row r="${r}">${values.map((v, i) => (v === '' ? '' : inlineCell(`${colName(i + 1)}${r}`, v))).join('')}</row>`;

export interface Part {
  name: string;
  /** Text pieces (a generator for big parts). */
  body: Iterable<string>;
  /** Stored (method 0) instead of deflated. */
  stored?: boolean;
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="员工" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = (sst: boolean) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>${sst ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' : ''}</Relationships>`;

/** The sheet part: the header row, then `rows` (row elements as text). */
export function* sheetXml(rows: Iterable<string>, head: readonly string[] = EMPLOYEE_HEAD): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  yield inlineRow(1, head);
  let batch = '';
  for (const r of rows) {
    batch += r;
    if (batch.length > 256 * 1024) {
      yield batch;
      batch = '';
    }
  }
  yield `${batch}</sheetData></worksheet>`;
}

/** Zips the parts in the order given (level 9, the worst case for ratios). */
export function zipParts(parts: readonly Part[]): Buffer {
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  const enc = new TextEncoder();
  for (const p of parts) {
    const f = p.stored ? new ZipPassThrough(p.name) : new ZipDeflate(p.name, { level: 9 });
    zip.add(f);
    if (p.stored) {
      // Stored entries need their whole content at once for the sizes in the local header.
      f.push(enc.encode([...p.body].join('')), true);
      continue;
    }
    for (const s of p.body) f.push(enc.encode(s));
    f.push(new Uint8Array(0), true);
  }
  zip.end();
  return Buffer.concat(out);
}

/**
 * A workbook whose only sheet is `sheet` (text pieces), placed before the workbook parts as streaming readers fear
 * most, with no shared strings part unless given.
 */
export function workbook(sheet: Iterable<string>, o: { sharedStrings?: string; extra?: Part[] } = {}) {
  return zipParts([
    { name: 'xl/worksheets/sheet1.xml', body: sheet },
    { name: '[Content_Types].xml', body: [CONTENT_TYPES] },
    { name: '_rels/.rels', body: [ROOT_RELS] },
    { name: 'xl/workbook.xml', body: [WORKBOOK] },
    { name: 'xl/_rels/workbook.xml.rels', body: [WORKBOOK_RELS(!!o.sharedStrings)] },
    ...(o.sharedStrings ? [{ name: 'xl/sharedStrings.xml', body: [o.sharedStrings] }] : []),
    ...(o.extra ?? []),
  ]);
}

/** `n` rows whose only value is in column Z (no known column filled), rows 2… */
export function* columnZRows(n: number) {
  for (let r = 2; r < n + 2; r++) yield `<row r="${r}"><c r="Z${r}" t="inlineStr"><is><t>x</t></is></c></row>`;
}

/** Rows of inline strings holding a phone and an ID-like number each (what a temp file would keep in clear). */
export function* inlinePeopleRows(n: number, from = 2) {
  for (let i = 0; i < n; i++) {
    const r = from + i;
    yield inlineRow(r, [
      `员工${i}`,
      `1371${String(i).padStart(7, '0')}`,
      i % 2 ? '男' : '女',
      '',
      `14080219850301${String(i % 10000).padStart(4, '0')}`,
    ]);
  }
}

/** Rows with `cells` empty styled cells each (styles vary so the part does not compress past the ratio limit). */
export function* styledEmptyRows(n: number, cells: number, from = 2) {
  let seed = 7;
  for (let i = 0; i < n; i++) {
    const r = from + i;
    let row = `<row r="${r}">`;
    for (let c = 1; c <= cells; c++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      row += `<c r="${colName(c)}${r}" s="${seed % 1000}"/>`;
    }
    yield `${row}</row>`;
  }
}

/** Bytes of `n` that compress about 1000:1 (a ratio bomb's payload). */
export function* zeros(n: number) {
  const block = ' '.repeat(64 * 1024);
  for (let left = n; left > 0; left -= block.length) yield left >= block.length ? block : block.slice(0, left);
}

/**
 * Text that deflates at roughly `ratio`:1: mostly repeated, with a pseudo-random letter every `ratio / 2` bytes or so.
 */
export function* mildlyRandom(n: number, every = 40) {
  let seed = 11;
  const piece = '<!-- padding -->'.repeat(Math.ceil(every / 16)).slice(0, every - 1);
  let out = '';
  for (let made = 0; made < n; made += every) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out += piece + String.fromCharCode(97 + (seed % 26));
    if (out.length > 256 * 1024) {
      yield out;
      out = '';
    }
  }
  yield out;
}
