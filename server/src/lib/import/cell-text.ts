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

/** A date-time serial (1900 system) → its calendar day. */
function serialDay(serial: number) {
  const ms = Math.round((serial - 25569) * 86_400_000);
  return dayjs.utc(ms).format('YYYY-MM-DD');
}

/** Whether a number format shows a date (y/m/d tokens outside quoted text and [colour] sections). */
export function isDateFormat(fmt: string | undefined): boolean {
  if (!fmt) return false;
  const bare = fmt.replace(/"[^"]*"|\[[^\]]*]|\\./g, '');
  return /[yd]/i.test(bare) || /m.*[ds]|[ds].*m|^m+$/i.test(bare);
}
