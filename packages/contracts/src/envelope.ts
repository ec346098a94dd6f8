/** The one response envelope of every API answer (docs/spec-notes.md#calls, #errors). */
export interface ApiResult<T = unknown> {
  code: number;
  message: string;
  result: T;
}

/** Paged list answer; requests carry pageNum/pageSize (tree tables: pageNumber/pageSize). */
export interface Page<T> {
  records: T[];
  total: number;
}

/** Envelope codes. The HTTP status follows the class (see httpStatusOf). */
export const Code = {
  OK: 200,
  UNAUTHORIZED: 401,
  FORBIDDEN: 301,
  INVALID: 2001,
  NOT_FOUND: 2002,
  DOWNLOAD_AUTH: 2003,
  BUSINESS: 2004,
  RATE_LIMITED: 2005,
  ERROR: 500,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

export const httpStatusOf: Record<CodeValue, number> = {
  200: 200,
  401: 401,
  301: 403,
  2001: 400,
  2002: 404,
  2003: 401,
  2004: 409,
  2005: 429,
  500: 500,
};

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const MAX_PAGE_SIZE = 100;
