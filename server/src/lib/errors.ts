import { Code, type CodeValue } from '@jz/contracts/envelope';

/** A refusal the client should see: its code picks the envelope code; the HTTP status follows the class. */
export class AppError extends Error {
  constructor(
    readonly code: CodeValue,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

export const unauthorized = (m = '请先登录') => new AppError(Code.UNAUTHORIZED, m);
export const forbidden = (m = '没有权限执行此操作') => new AppError(Code.FORBIDDEN, m);
export const invalid = (m: string) => new AppError(Code.INVALID, m);
export const notFound = (m = '记录不存在') => new AppError(Code.NOT_FOUND, m);
export const business = (m: string) => new AppError(Code.BUSINESS, m);
/** Too many requests: a business refusal (2004) with HTTP 429. */
export const rateLimited = (m: string) => new AppError(Code.BUSINESS, m, 429);
