import dayjs from 'dayjs';

/** Fen -> "¥1,234.56" (money is integer fen everywhere but here). */
export function yuan(fen: number | null | undefined, sign = false) {
  const v = (fen ?? 0) / 100;
  const s = Math.abs(v).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const prefix = v < 0 ? '-' : sign && v > 0 ? '+' : '';
  return `${prefix}¥${s}`;
}

/** Yuan typed in a form -> integer fen (rounded to the fen, so 0.1 + 0.2 style float noise never leaks). */
export const toFen = (yuanValue: number) => Math.round(yuanValue * 100);

export const fmtTime = (iso: string | null | undefined, withTime = true) =>
  iso ? dayjs(iso).format(withTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD') : '-';
