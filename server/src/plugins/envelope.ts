import { Code, type CodeValue, httpStatusOf } from '@jz/contracts/envelope';
import type { FastifyError } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { App } from '../lib/app-type.ts';

const CJK = /[\u4e00-\u9fa5]/;

/** Turns fastify/zod validation details into one Chinese sentence. */
function validationMessage(err: FastifyError): string {
  const first = err.validation?.[0] as { instancePath?: string; message?: string } | undefined;
  const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
  const msg = first?.message ?? '参数无效';
  // Our own schema messages are whole sentences ("请输入正确的 11 位手机号"); zod's locale ones need the field name.
  // zod's zh-CN locale messages start with 无效 / 期望 / 过大 / 过小 …; anything else in Chinese is a schema's own sentence.
  if (CJK.test(msg) && (!field || !/^(无效|期望|过大|过小|数值过|字符串|必须|未知|意外)/.test(msg))) return msg;
  return field ? `参数 ${field}：${msg}` : `参数无效：${msg}`;
}

/**
 * Every answer leaves as {code, message, result}: successes (handlers return ok(...)), refusals, unknown routes,
 * oversized or malformed bodies and crashes. No stack trace ever reaches a client.
 */
export function registerEnvelope(app: App) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    let code: CodeValue;
    let message: string;
    let status: number | undefined;
    if (err instanceof AppError) {
      code = err.code;
      message = err.message;
      status = err.httpStatus;
    } else if (err.validation) {
      code = Code.INVALID;
      message = validationMessage(err);
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      code = Code.INVALID;
      message = '请求内容过大';
      status = 413;
    } else if (err.statusCode === 429) {
      code = Code.BUSINESS;
      message = '请求过于频繁，请稍后再试';
      status = 429;
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      code = Code.INVALID;
      message = err.code?.startsWith('FST_ERR_CTP') ? '请求格式不正确' : '请求无效';
      status = err.statusCode === 415 ? 415 : undefined;
    } else if (isPgDataException(err)) {
      // PostgreSQL refused a value the schemas let through (an id over 2^31-1, NUL in text, a date out of range): the
      // statement failed, its transaction rolled back, nothing was written. The caller's input is at fault.
      req.log.warn({ err }, 'database refused a value');
      code = Code.INVALID;
      message = '参数超出范围或格式不正确';
    } else {
      req.log.error({ err }, 'unhandled error');
      code = Code.ERROR;
      message = '服务器开小差了，请稍后再试';
    }
    reply.status(status ?? httpStatusOf[code]).send({ code, message, result: null });
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ code: Code.NOT_FOUND, message: `接口不存在: ${req.method} ${req.url.split('?')[0]}`, result: null });
  });
}

/** SQLSTATE class 22 (data exception) from the pg driver: '22003' numeric out of range, '22021' bad byte (NUL)... */
function isPgDataException(err: unknown) {
  const e = err as { code?: unknown; severity?: unknown };
  return typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) && typeof e.severity === 'string';
}
