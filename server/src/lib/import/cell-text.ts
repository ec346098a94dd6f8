import type ExcelJS from 'exceljs';
import { dayjs } from '../time.ts';

/**
 * One cell as the text an import validates (docs/import.md): rich text → its runs joined, a formula → its cached
 * result, a hyperlink → its text, a date → YYYY-MM-DD (the calendar day Excel shows: exceljs reads date serials as UTC
 * midnight), a number → its shortest decimal string (so 13800000001 stays 13800000001 and 12.5 stays 12.5), a
 * boolean → 是/否, an error (#N/A) → ''. Surrounding whitespace is trimmed.
 */
export function cellText(value: ExcelJS.CellValue | undefined, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dayjs.utc(value).format('YYYY-MM-DD');
  if (typeof value === 'number') return isDateFormat(numFmt) ? serialDay(value) : numberText(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      if (result !== null && typeof result === 'object' && 'error' in result) return '';
      return cellText(result as ExcelJS.CellValue, numFmt);
    }
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('error' in value) return '';
  }
  return String(value).trim();
}

/** 13800000001 → '13800000001', 1.4e17 → '140000000000000000', 0.1 + 0.2 → '0.3' (15 significant digits, as Excel). */
function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  // Excel keeps 15 significant digits: an 18-digit ID typed as a number has already lost its last three.
  const r = Number(n.toPrecision(15));
  return Number.isInteger(r) ? BigInt(r).toString() : String(r);
}

/** A date-time serial → its calendar day (the 1904 system counts from 1904-01-01, 1462 days later). */
function serialDay(serial: number, date1904 = false) {
  const ms = Math.round((serial + (date1904 ? 1462 : 0) - 25569) * 86_400_000);
  return dayjs.utc(ms).format('YYYY-MM-DD');
}

/**
 * One cell of the sheet XML as text, by the same rules as cellText: `type` is the cell's t attribute (s, inlineStr,
 * str, b, e, d, n), `raw` its value (the shared string already looked up for s, the inline text for inlineStr).
 * `numeric`: a plain number Excel stored (not a formula, not a date).
 */
export function xmlCellText(
  type: string,
  raw: string,
  o: { numFmt?: string; date1904?: boolean; formula?: boolean },
): { text: string; numeric: boolean } {
  switch (type) {
    case 's':
    case 'inlineStr':
    case 'str':
      return { text: raw.trim(), numeric: false };
    case 'b':
      return { text: raw === '' ? '' : raw.trim() === '1' ? '是' : '否', numeric: false };
    case 'e':
      return { text: '', numeric: false };
    case 'd': {
      const d = new Date(raw.trim());
      return { text: Number.isNaN(d.getTime()) ? '' : dayjs.utc(d).format('YYYY-MM-DD'), numeric: false };
    }
    default: {
      if (raw.trim() === '') return { text: '', numeric: false };
      const n = Number(raw);
      if (Number.isNaN(n)) return { text: '', numeric: false };
      if (isDateFormat(o.numFmt)) return { text: serialDay(n, o.date1904), numeric: false };
      return { text: numberText(n), numeric: !o.formula };
    }
  }
}

/** Whether a number format shows a date (y/m/d tokens outside quoted text and [colour] sections). */
export function isDateFormat(fmt: string | undefined): boolean {
  if (!fmt) return false;
  const bare = fmt.replace(/"[^"]*"|\[[^\]]*]|\\./g, '');
  return /[yd]/i.test(bare) || /m.*[ds]|[ds].*m|^m+$/i.test(bare);
}
