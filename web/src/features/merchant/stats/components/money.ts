/** Fen in the API, yuan on screen. */
export const yuan = (fen: number | null | undefined) =>
  fen === null || fen === undefined ? '-' : `¥${(fen / 100).toFixed(2)}`;
