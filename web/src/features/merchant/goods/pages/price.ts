/** Fen from the API shown as yuan. */
export const yuan = (fen: number | null | undefined) =>
  fen === null || fen === undefined ? '-' : `¥${(fen / 100).toFixed(2)}`;
