import type { ApiResult } from '@jz/contracts/envelope';

export function ok<T>(result: T, message = '操作成功'): ApiResult<T> {
  return { code: 200, message, result };
}
