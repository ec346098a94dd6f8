import { z } from 'zod';
import { idsParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';
import { roleAddBody, roleEditBody, roleOption, roleQuery, roleRow } from '../role.ts';

const base = '/api/sys/role';
const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '角色管理', type });

/**
 * Roles (角色) of the platform's catalogue. Changes follow lib/authority.ts on the server: a role's codes, before and
 * after, and every holder's rights must lie inside the caller's own (super passes).
 */
export const roleApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '角色分页列表（含用户数与菜单）',
    access: { perm: 'sys:role:list' },
    query: roleQuery,
    result: pageOf(roleRow),
  }),
  list: defineContract({
    method: 'GET',
    path: `${base}/findAllByList`,
    summary: '启用的平台角色（用户表单的角色选项）',
    // What the user form offers: it needs the user page's code, not the role page's.
    access: { perm: 'sys:user:list' },
    result: z.array(roleOption),
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增角色',
    access: { perm: 'sys:role:add' },
    oplog: oplog('add'),
    body: roleAddBody,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '编辑角色（范围不可改）',
    access: { perm: 'sys:role:edit' },
    oplog: oplog('edit'),
    body: roleEditBody,
    result: noResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${base}/delByIds/:ids`,
    summary: '删除角色',
    access: { perm: 'sys:role:del' },
    oplog: oplog('delete'),
    params: idsParam,
    result: noResult,
  }),
};
