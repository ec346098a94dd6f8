import { formatYuan } from '../../../../lib/format.ts';

/** Fen in the API, yuan on screen. ("¥1,234.50", "-" when absent) */
export const yuan = (fen: number | null | undefined) => formatYuan(fen);
