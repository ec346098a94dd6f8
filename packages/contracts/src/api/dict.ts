import { z } from 'zod';
import { idsParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';
import {
  dictDataBody,
  dictDataEdit,
  dictDataQuery,
  dictDataRow,
  dictItem,
  dictTypeBody,
  dictTypeEdit,
  dictTypeParam,
  dictTypeQuery,
  dictTypeRow,
} from '../dict.ts';

const base = '/api/app/dict';
const data = `${base}/data`;
const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '字典管理', type });
/** findByType answers the values wrapped (docs/spec-notes.md#calls). */
const itemsOfType = z.object({ dataList: z.array(dictItem) });

/** Dictionaries (字典): types and their values. Reading one dictionary by type is open to every signed-in user. */
export const dictApi = {
  typePage: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '字典类型分页列表',
    access: { perm: 'sys:dict:list' },
    query: dictTypeQuery,
    result: pageOf(dictTypeRow),
  }),
  typeList: defineContract({
    method: 'GET',
    path: `${base}/findAllByList`,
    summary: '启用的字典类型列表',
    access: { perm: 'sys:dict:list' },
    result: z.array(dictTypeRow),
  }),
  byType: defineContract({
    method: 'GET',
    path: `${base}/findByType/:type`,
    summary: '按类型读取一个字典的启用值',
    access: { signedIn: true },
    params: dictTypeParam,
    result: itemsOfType,
  }),
  addType: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增字典类型',
    access: { perm: 'sys:dict:add' },
    oplog: oplog('add'),
    body: dictTypeBody,
    result: idResult,
  }),
  editType: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '编辑字典类型（改类型时其数据随之改名）',
    access: { perm: 'sys:dict:edit' },
    oplog: oplog('edit'),
    body: dictTypeEdit,
    result: noResult,
  }),
  removeTypes: defineContract({
    method: 'DELETE',
    path: `${base}/delByIds/:ids`,
    summary: '删除字典类型及其数据',
    access: { perm: 'sys:dict:del' },
    oplog: oplog('delete'),
    params: idsParam,
    result: noResult,
  }),

  dataPage: defineContract({
    method: 'GET',
    path: `${data}/findAllByPage`,
    summary: '字典数据分页列表',
    access: { perm: 'sys:dict:list' },
    query: dictDataQuery,
    result: pageOf(dictDataRow),
  }),
  dataList: defineContract({
    method: 'GET',
    path: `${data}/findAllByList`,
    summary: '一个字典的启用值列表',
    access: { signedIn: true },
    query: z.object({ dictType: z.string().trim().min(1).max(100) }),
    result: z.array(dictItem),
  }),
  dataByType: defineContract({
    method: 'GET',
    path: `${data}/findByType/:type`,
    summary: '按类型读取一个字典的启用值',
    access: { signedIn: true },
    params: dictTypeParam,
    result: itemsOfType,
  }),
  addData: defineContract({
    method: 'POST',
    path: `${data}/add`,
    summary: '新增字典数据',
    access: { perm: 'sys:dict:add' },
    oplog: oplog('add'),
    body: dictDataBody,
    result: idResult,
  }),
  editData: defineContract({
    method: 'POST',
    path: `${data}/edit`,
    summary: '编辑字典数据',
    access: { perm: 'sys:dict:edit' },
    oplog: oplog('edit'),
    body: dictDataEdit,
    result: noResult,
  }),
  removeData: defineContract({
    method: 'DELETE',
    path: `${data}/delByIds/:ids`,
    summary: '删除字典数据',
    access: { perm: 'sys:dict:del' },
    oplog: oplog('delete'),
    params: idsParam,
    result: noResult,
  }),
};
