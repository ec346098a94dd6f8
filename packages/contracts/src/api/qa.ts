import { z } from 'zod';
import { idsParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';
import { publishedQaRow, qaAddBody, qaEditBody, qaQuery, qaRow } from '../qa.ts';

const base = '/api/app/qa';
const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '常见问题', type });

/** Q&A (常见问题, /api/app/qa in docs/spec-notes.md#calls): the platform writes them, every signed-in user reads the enabled ones. */
export const qaApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '常见问题分页列表',
    access: { perm: 'platform:qa:list' },
    query: qaQuery,
    result: pageOf(qaRow),
  }),
  publishedList: defineContract({
    method: 'GET',
    path: `${base}/published/findAllByList`,
    summary: '启用的常见问题（商家后台阅读）',
    access: { signedIn: true },
    result: z.array(publishedQaRow),
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增常见问题',
    access: { perm: 'platform:qa:add' },
    oplog: oplog('add'),
    body: qaAddBody,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '编辑常见问题',
    access: { perm: 'platform:qa:edit' },
    oplog: oplog('edit'),
    body: qaEditBody,
    result: noResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${base}/delByIds/:ids`,
    summary: '删除常见问题',
    access: { perm: 'platform:qa:del' },
    oplog: oplog('delete'),
    params: idsParam,
    result: noResult,
  }),
};
