/**
 * Bounds of reading an uploaded xlsx (docs/import.md "Limits"). A 10 MB upload may unpack to gigabytes and hold
 * millions of rows, so every part of the reading is bounded: the archive before anything is unpacked, the bytes
 * actually unpacked, rows, cells, text, and the wall-clock time of a check.
 */
export const XLSX_LIMITS = {
  /** Entries in the archive (a template has about ten). */
  maxEntries: 500,
  /** Sum of the entries' declared unpacked sizes. */
  maxUnpackedBytes: 50 * 1024 * 1024,
  /** Unpacked : packed of one entry, once it unpacks to more than ratioFloorBytes. */
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
  /** The shared-strings part is held in memory (cells point into it): a tighter cap. */
  maxSharedStringsBytes: 20 * 1024 * 1024,
  /** Workbook, relationships, styles: small parts read whole. */
  maxSmallPartBytes: 4 * 1024 * 1024,
  /** Row elements of the data sheet, data or not. */
  maxSheetRows: 50_000,
  /** The last column a cell may be in (CV), and cell elements in one row. */
  maxColumns: 100,
  /** Cell elements of the data sheet, empty ones included. */
  maxCells: 500_000,
  /** Excel's own limit for one cell. */
  maxCellChars: 32_767,
  /** Text kept from all data rows. */
  maxTextChars: 5_000_000,
} as const;

/** Wall-clock time of one check, reading and validating (IMPORT_CHECK_MS: tests use a tiny one; 10 minutes at most). */
export const checkTimeLimitMs = () => Math.min(Number(process.env.IMPORT_CHECK_MS ?? 15_000) || 15_000, 600_000);

export const timeoutMessage = (ms: number) =>
  `文件校验超时（超过 ${ms >= 1000 ? `${Math.round(ms / 1000)} 秒` : `${ms} 毫秒`}），请减少行数或分成多个文件导入`;
