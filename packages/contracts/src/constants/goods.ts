// The schema-free part of goods.ts (re-exported there): constants, labels and helpers a page may import without
// loading zod and the module's schemas (docs/contracts.md "Constants without schemas"). Import nothing with schemas here.
/** A form's yuan amount as integer fen. */
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);
