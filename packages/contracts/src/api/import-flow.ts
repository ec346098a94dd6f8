import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { importConfirmBody, importIdParam, importJob } from '../import.ts';

const file = (why: string) => ({ kind: 'file' as const, why });

/**
 * The calls of one Excel import (docs/import.md): template → check (multipart, nothing written) →
 * progress → confirm (all or nothing) → the file with its errors. Every import has the same five, under its own path
 * and add permission; `noun` names what is imported in the summaries (员工, 商品), `page` the oplog title.
 */
export function importFlowApi<P extends string>(base: string, perm: P, noun: string, page: string) {
  const access = { perm } as const;
  return {
    template: defineContract({
      method: 'POST',
      path: `${base}/template`,
      summary: `下载${noun}导入模板（xlsx）`,
      access,
      result: z.null(),
      raw: file('Excel 导入模板（xlsx）'),
    }),
    check: defineContract({
      method: 'POST',
      path: `${base}/check`,
      summary: `上传${noun} Excel 并逐行校验（multipart: file；不写入任何数据）`,
      access,
      multipart: true,
      result: importJob,
    }),
    progress: defineContract({
      method: 'GET',
      path: `${base}/progress/:id`,
      summary: `${noun}导入的校验进度与报告`,
      access,
      params: importIdParam,
      result: importJob,
    }),
    confirm: defineContract({
      method: 'POST',
      path: `${base}/confirm`,
      summary: `确认导入${noun}（全部成功或全部不导入）`,
      access,
      oplog: { title: page, type: 'import' },
      body: importConfirmBody,
      result: importJob,
    }),
    errorFile: defineContract({
      method: 'POST',
      path: `${base}/errors/:id`,
      summary: `下载带错误说明的${noun}导入文件（xlsx）`,
      access,
      params: importIdParam,
      result: z.null(),
      raw: file('原文件加“错误说明”列（xlsx）'),
    }),
  };
}
