import { z } from 'zod';
import { idsParam } from '../common.ts';
import { defineContract, idResult, noResult } from '../contract.ts';
import { menuItem } from '../menu.ts';
import { menuAddBody, menuEditBody, menuOption, menuRow, menuSelectQuery, menuTreeQuery } from '../menu-admin.ts';

const base = '/api/sys/menu';
const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '菜单管理', type });

/**
 * Menus (菜单): the signed-in user's sidebar and button codes, and 菜单管理 (sys: codes, platform admins only). Users
 * see a change in their sidebar on their next load.
 */
export const menuApi = {
  userTree: defineContract({
    method: 'GET',
    path: `${base}/findUserMenuByTree`,
    summary: '当前用户的侧边栏菜单树（目录与页面）',
    access: { signedIn: true },
    result: z.array(menuItem),
  }),
  userPerms: defineContract({
    method: 'GET',
    path: `${base}/findAllPerByUserId`,
    summary: '当前用户的按钮权限标识（超级管理员为 super）',
    access: { signedIn: true },
    result: z.array(z.string()),
  }),
  tree: defineContract({
    method: 'GET',
    path: `${base}/findAllByTree`,
    summary: '菜单管理：全部菜单树',
    access: { perm: 'sys:menu:list' },
    query: menuTreeQuery,
    result: z.array(menuRow),
  }),
  selectTree: defineContract({
    method: 'GET',
    path: `${base}/findSelectByTree`,
    summary: '角色分配与上级菜单选择用的菜单树',
    // The checkbox tree of the role form (and the parent picker): needs the role page's code.
    access: { perm: 'sys:role:list' },
    query: menuSelectQuery,
    result: z.array(menuOption),
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增菜单',
    access: { perm: 'sys:menu:add' },
    oplog: oplog('add'),
    body: menuAddBody,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '编辑菜单',
    access: { perm: 'sys:menu:edit' },
    oplog: oplog('edit'),
    body: menuEditBody,
    result: noResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${base}/delByIds/:ids`,
    summary: '删除菜单',
    access: { perm: 'sys:menu:del' },
    oplog: oplog('delete'),
    params: idsParam,
    result: noResult,
  }),
};
