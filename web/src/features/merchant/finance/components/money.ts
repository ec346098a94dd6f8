import { formatDate, formatDateTime, formatYuan } from '../../../../lib/format.ts';

/** Fen -> "¥1,234.56" (money is integer fen everywhere but here); absent counts as ¥0.00. */
export const yuan = (fen: number | null | undefined, sign = false) => formatYuan(fen ?? 0, { sign });

/** Yuan typed in a form -> integer fen (rounded to the fen, so 0.1 + 0.2 style float noise never leaks). */
export const toFen = (yuanValue: number) => Math.round(yuanValue * 100);

export const fmtTime = (iso: string | null | undefined, withTime = true) =>
  withTime ? formatDateTime(iso) : formatDate(iso);
