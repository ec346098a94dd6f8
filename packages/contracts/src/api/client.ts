import { z } from 'zod';
import {
  clientAdd,
  clientAddressAdd,
  clientAddressEdit,
  clientDetail,
  clientEdit,
  clientExportBody,
  clientNoteAdd,
  clientOrderRow,
  clientOrdersQuery,
  clientPrefsBody,
  clientQuery,
  clientReviewRow,
  clientRow,
} from '../client.ts';
import { idParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';

const base = '/api/app/jiazheng/kehu';
const oplog = (type: 'add' | 'edit' | 'delete' | 'export') => ({ title: '客户管理', type });

/**
 * Customer records (客户档案, docs/customers.md): every call is scoped to the caller's merchant, and for a shop-limited
 * sub-account to the clients created at or ordering at its shops.
 */
export const clientApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '客户分页列表（手机号、地址无「查看完整信息」权限时脱敏）',
    access: { perm: 'merchant:client:list' },
    query: clientQuery,
    result: pageOf(clientRow),
  }),
  detail: defineContract({
    method: 'GET',
    path: `${base}/findById/:id`,
    summary: '客户详情（地址、偏好员工、备注）',
    access: { perm: 'merchant:client:query' },
    params: idParam,
    result: clientDetail,
  }),
  orders: defineContract({
    method: 'GET',
    path: `${base}/orders`,
    summary: '客户的订单记录',
    access: { perm: 'merchant:client:query' },
    query: clientOrdersQuery,
    result: pageOf(clientOrderRow),
  }),
  reviews: defineContract({
    method: 'GET',
    path: `${base}/reviews`,
    summary: '客户给出的评价',
    access: { perm: 'merchant:client:query' },
    query: clientOrdersQuery,
    result: pageOf(clientReviewRow),
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增客户',
    access: { perm: 'merchant:client:add' },
    oplog: oplog('add'),
    body: clientAdd,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '编辑客户',
    access: { perm: 'merchant:client:edit' },
    oplog: oplog('edit'),
    body: clientEdit,
    result: noResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${base}/delById/:id`,
    summary: '删除客户（个人信息清除，订单保留并匿名）',
    access: { perm: 'merchant:client:del' },
    oplog: oplog('delete'),
    params: idParam,
    result: noResult,
  }),
  addAddress: defineContract({
    method: 'POST',
    path: `${base}/address/add`,
    summary: '新增客户地址',
    access: { perm: 'merchant:client:edit' },
    oplog: oplog('edit'),
    body: clientAddressAdd,
    result: idResult,
  }),
  editAddress: defineContract({
    method: 'POST',
    path: `${base}/address/edit`,
    summary: '编辑客户地址',
    access: { perm: 'merchant:client:edit' },
    oplog: oplog('edit'),
    body: clientAddressEdit,
    result: noResult,
  }),
  removeAddress: defineContract({
    method: 'DELETE',
    path: `${base}/address/delById/:id`,
    summary: '删除客户地址',
    access: { perm: 'merchant:client:edit' },
    oplog: oplog('edit'),
    params: idParam,
    result: noResult,
  }),
  addNote: defineContract({
    method: 'POST',
    path: `${base}/note/add`,
    summary: '添加客户备注',
    access: { perm: 'merchant:client:note' },
    oplog: oplog('edit'),
    body: clientNoteAdd,
    result: idResult,
  }),
  setPrefs: defineContract({
    method: 'POST',
    path: `${base}/prefs`,
    summary: '设置偏好员工与不派员工',
    access: { perm: 'merchant:client:edit' },
    oplog: oplog('edit'),
    body: clientPrefsBody,
    result: noResult,
  }),
  export: defineContract({
    method: 'POST',
    path: `${base}/export`,
    summary: '导出客户',
    access: { perm: 'merchant:client:export' },
    oplog: oplog('export'),
    body: clientExportBody,
    result: z.null(),
    raw: { kind: 'file', why: '导出 Excel 工作簿（xlsx）或 CSV 文件；被拒绝时返回 JSON 信封' },
  }),
};
