import { z } from 'zod';
import { idParam, idsParam } from '../common.ts';
import { defineContract, noResult, pageOf } from '../contract.ts';
import { oplogQuery, oplogRow } from '../oplog.ts';

const base = '/api/sys/log';

/**
 * The operation log (操作日志). Rows are written by the server's oplog plugin from each route's `oplog` declaration;
 * the log is read and pruned here, never added to or edited by hand (so spec's log add/edit calls are not offered).
 */
export const logApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '操作日志分页列表（新的在前）',
    access: { perm: 'sys:log:list' },
    query: oplogQuery,
    result: pageOf(oplogRow),
  }),
  titles: defineContract({
    method: 'GET',
    path: `${base}/findAllByList`,
    summary: '已记录的操作模块名称（搜索表单用）',
    access: { perm: 'sys:log:list' },
    result: z.array(z.string()),
  }),
  detail: defineContract({
    method: 'GET',
    path: `${base}/findById/:id`,
    summary: '操作日志详情',
    access: { perm: 'sys:log:list' },
    params: idParam,
    result: oplogRow,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${base}/delByIds/:ids`,
    summary: '删除操作日志',
    access: { perm: 'sys:log:del' },
    oplog: { title: '操作日志', type: 'delete' },
    params: idsParam,
    result: noResult,
  }),
};
