import { z } from 'zod';
import { idsParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';
import {
  resourceAddBody,
  resourceEditBody,
  resourceListQuery,
  resourceQuery,
  resourceRow,
  resourceTypeParam,
} from '../resource.ts';

const base = '/api/app/resource';
const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '资源管理', type });

/**
 * The resource library (资源管理, /api/app/resource in docs/spec-notes.md#calls): every upload's record, and https links added by hand.
 * Platform toolkit only (sys:resource:*). Files themselves are served under /tmpl/uploads, not by these calls.
 */
export const resourceApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '资源分页列表',
    access: { perm: 'sys:resource:list' },
    query: resourceQuery,
    result: pageOf(resourceRow),
  }),
  list: defineContract({
    method: 'GET',
    path: `${base}/findAllByList`,
    summary: '资源列表（最新 500 条，供选择）',
    access: { perm: 'sys:resource:list' },
    query: resourceListQuery,
    result: z.array(resourceRow),
  }),
  byType: defineContract({
    method: 'GET',
    path: `${base}/findByType/:type`,
    summary: '按类型列出资源（最新 500 条）',
    access: { perm: 'sys:resource:list' },
    params: resourceTypeParam,
    result: z.array(resourceRow),
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增外部链接资源（https）',
    access: { perm: 'sys:resource:add' },
    oplog: oplog('add'),
    body: resourceAddBody,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '重命名资源',
    access: { perm: 'sys:resource:edit' },
    oplog: oplog('edit'),
    body: resourceEditBody,
    result: noResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${base}/delByIds/:ids`,
    summary: '删除资源（连同其文件）',
    access: { perm: 'sys:resource:del' },
    oplog: oplog('delete'),
    params: idsParam,
    result: noResult,
  }),
};
