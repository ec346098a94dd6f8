import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { importConfirmBody, importIdParam, importJob } from '../import.ts';

const base = '/api/app/jiazheng/yuangong/import';
const access = { perm: 'merchant:employee:add' } as const;
const file = (why: string) => ({ kind: 'file' as const, why });

/**
 * 员工批量导入 (issue 25 §7, docs/import.md): template → check (multipart, nothing written) → progress → confirm
 * (all or nothing). Everything with the employee add permission, in the caller's merchant and shops.
 */
export const employeeImportApi = {
  template: defineContract({
    method: 'POST',
    path: `${base}/template`,
    summary: '下载员工导入模板（xlsx）',
    access,
    result: z.null(),
    raw: file('Excel 导入模板（xlsx）'),
  }),
  check: defineContract({
    method: 'POST',
    path: `${base}/check`,
    summary: '上传员工 Excel 并逐行校验（multipart: file；不写入任何数据）',
    access,
    multipart: true,
    result: importJob,
  }),
  progress: defineContract({
    method: 'GET',
    path: `${base}/progress/:id`,
    summary: '员工导入的校验进度与报告',
    access,
    params: importIdParam,
    result: importJob,
  }),
  confirm: defineContract({
    method: 'POST',
    path: `${base}/confirm`,
    summary: '确认导入员工（全部成功或全部不导入）',
    access,
    oplog: { title: '员工管理', type: 'import' },
    body: importConfirmBody,
    result: importJob,
  }),
  errorFile: defineContract({
    method: 'POST',
    path: `${base}/errors/:id`,
    summary: '下载带错误说明的员工导入文件（xlsx）',
    access,
    params: importIdParam,
    result: z.null(),
    raw: file('原文件加“错误说明”列（xlsx）'),
  }),
};
