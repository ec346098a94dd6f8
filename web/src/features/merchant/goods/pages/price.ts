import { formatYuan } from '../../../../lib/format.ts';

/** Fen from the API shown as yuan. ("¥1,234.50", "-" when absent) */
export const yuan = (fen: number | null | undefined) => formatYuan(fen);
