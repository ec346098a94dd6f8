import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { importConfirmBody, importIdParam, importJob } from '../import.ts';

const base = '/api/app/jiazheng/shangjia/shangpin/import';
const access = { perm: 'merchant:goods:add' } as const;
const file = (why: string) => ({ kind: 'file' as const, why });

/**
 * 商品批量导入 with specifications (issue 25 §7, docs/import.md): one row per specification, consecutive rows with the
 * same 商品名称 are one item; created 下架 in the caller's current shop. Same flow as the employee import.
 */
export const goodsImportApi = {
  template: defineContract({
    method: 'POST',
    path: `${base}/template`,
    summary: '下载商品导入模板（xlsx）',
    access,
    result: z.null(),
    raw: file('Excel 导入模板（xlsx）'),
  }),
  check: defineContract({
    method: 'POST',
    path: `${base}/check`,
    summary: '上传商品 Excel 并逐行校验（multipart: file；不写入任何数据）',
    access,
    multipart: true,
    result: importJob,
  }),
  progress: defineContract({
    method: 'GET',
    path: `${base}/progress/:id`,
    summary: '商品导入的校验进度与报告',
    access,
    params: importIdParam,
    result: importJob,
  }),
  confirm: defineContract({
    method: 'POST',
    path: `${base}/confirm`,
    summary: '确认导入商品（全部成功或全部不导入）',
    access,
    oplog: { title: '商品管理', type: 'import' },
    body: importConfirmBody,
    result: importJob,
  }),
  errorFile: defineContract({
    method: 'POST',
    path: `${base}/errors/:id`,
    summary: '下载带错误说明的商品导入文件（xlsx）',
    access,
    params: importIdParam,
    result: z.null(),
    raw: file('原文件加“错误说明”列（xlsx）'),
  }),
};
