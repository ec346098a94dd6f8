import { formatYuan } from '../../../../lib/format.ts';

/** Fen from the API shown as yuan. ("¥1,234.50", "-" when absent) */
export const yuan = (fen: number | null | undefined) => formatYuan(fen);

/** Sale prices stand out in red: antd red-7 (5.9:1 on white); red-6 #f5222d is 4.1:1, below WCAG AA for 14px text. */
export const PRICE_COLOR = '#cf1322';
