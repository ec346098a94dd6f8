import dayjs from 'dayjs';

const yuanFormat = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Money on screen (issue 15): integer fen from the API -> "¥1,234.50" (thousands separators, two decimals, a minus
 * before the ¥). `sign` adds "+" to positive amounts (income lines); null/undefined show `empty` (default "-").
 */
export function formatYuan(fen: number | null | undefined, opts: { sign?: boolean; empty?: string } = {}) {
  if (fen === null || fen === undefined || Number.isNaN(fen)) return opts.empty ?? '-';
  const v = fen / 100;
  const prefix = v < 0 ? '-' : opts.sign && v > 0 ? '+' : '';
  return `${prefix}¥${yuanFormat.format(Math.abs(v))}`;
}

/** Dates in the zh-CN formats of the console: "2026-11-22 10:05" (seconds on request); "-" when absent or invalid. */
export function formatDateTime(iso: string | number | Date | null | undefined, opts: { seconds?: boolean } = {}) {
  if (iso === null || iso === undefined || iso === '') return '-';
  const d = dayjs(iso);
  return d.isValid() ? d.format(opts.seconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm') : '-';
}

/** A day: "2026-11-22". */
export function formatDate(iso: string | number | Date | null | undefined) {
  if (iso === null || iso === undefined || iso === '') return '-';
  const d = dayjs(iso);
  return d.isValid() ? d.format('YYYY-MM-DD') : '-';
}
