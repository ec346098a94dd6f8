import { z } from 'zod';
import {
  loginNameEditBody,
  myAccount,
  phoneChangeBody,
  phoneSendNewBody,
  phoneTicketResult,
  phoneVerifyOldBody,
} from '../account.ts';
import { userInfo } from '../auth.ts';
import { idParam, idsParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';
import { menuOption } from '../menu-admin.ts';
import {
  grantableShop,
  merchantRoleAddBody,
  merchantRoleEditBody,
  merchantRoleRow,
  subAccountAddBody,
  subAccountDetail,
  subAccountEditBody,
  subAccountQuery,
  subAccountRePasswordBody,
  subAccountRow,
  subAccountStatusBody,
} from '../subaccount.ts';

const me = '/api/merchant/account';
const self = { title: '我的账号', type: 'edit' } as const;

/** 我的账号: every signed-in user's own account (a sub-account reaches it from the header). */
export const accountApi = {
  mine: defineContract({
    method: 'GET',
    path: `${me}/mine`,
    summary: '我的账号：手机号（脱敏）、商户、角色、可管理店铺与登录记录',
    access: { signedIn: true },
    result: myAccount,
  }),
  editLoginName: defineContract({
    method: 'POST',
    path: `${me}/edit/loginName`,
    summary: '修改账号名',
    access: { signedIn: true },
    oplog: self,
    body: loginNameEditBody,
    result: userInfo,
  }),
  sendOldPhoneCode: defineContract({
    method: 'POST',
    path: `${me}/phone/sendOld`,
    summary: '修改手机号第一步：向原手机号发送验证码',
    access: { signedIn: true },
    result: noResult,
  }),
  verifyOldPhone: defineContract({
    method: 'POST',
    path: `${me}/phone/verifyOld`,
    summary: '修改手机号第一步：校验原手机号验证码，返回 10 分钟内有效的凭证',
    access: { signedIn: true },
    body: phoneVerifyOldBody,
    result: phoneTicketResult,
  }),
  sendNewPhoneCode: defineContract({
    method: 'POST',
    path: `${me}/phone/sendNew`,
    summary: '修改手机号第二步：向新手机号发送验证码',
    access: { signedIn: true },
    body: phoneSendNewBody,
    result: noResult,
  }),
  editPhone: defineContract({
    method: 'POST',
    path: `${me}/phone/edit`,
    summary: '修改手机号（其他登录会话随之失效）',
    access: { signedIn: true },
    oplog: self,
    body: phoneChangeBody,
    result: userInfo,
  }),
};

const base = '/api/merchant/subaccount';
const team = (type: 'add' | 'edit' | 'delete' | 'grant' | 'other') => ({ title: '子账号与权限', type });

/**
 * 子账号与权限 (delegated authority: docs/security.md): every call acting on an account or a role is checked by
 * lib/authority.ts on the server (the target's codes and shops must lie inside the caller's own).
 */
export const subAccountApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '子账号分页列表（标明当前账号可否管理）',
    access: { perm: 'merchant:subaccount:list' },
    query: subAccountQuery,
    result: pageOf(subAccountRow),
  }),
  detail: defineContract({
    method: 'GET',
    path: `${base}/detail`,
    summary: '子账号详情：权限、可打开的页面、登录与操作记录',
    access: { perm: 'merchant:subaccount:query' },
    query: idParam,
    result: subAccountDetail,
  }),
  shops: defineContract({
    method: 'GET',
    path: `${base}/shops`,
    summary: '可分配给子账号的店铺',
    access: { perm: 'merchant:subaccount:list' },
    result: z.array(grantableShop),
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增子账号',
    access: { perm: 'merchant:subaccount:add' },
    oplog: team('add'),
    body: subAccountAddBody,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '编辑子账号（名称、角色、可管理店铺）',
    access: { perm: 'merchant:subaccount:edit' },
    oplog: team('edit'),
    body: subAccountEditBody,
    result: noResult,
  }),
  setStatus: defineContract({
    method: 'POST',
    path: `${base}/status`,
    summary: '停用或启用子账号（其登录会话立即失效）',
    access: { perm: 'merchant:subaccount:status' },
    oplog: team('edit'),
    body: subAccountStatusBody,
    result: noResult,
  }),
  rePassword: defineContract({
    method: 'POST',
    path: `${base}/rePassword`,
    summary: '重置子账号密码（其登录会话随之失效）',
    access: { perm: 'merchant:subaccount:rePassword' },
    oplog: team('other'),
    body: subAccountRePasswordBody,
    result: noResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${base}/delByIds/:ids`,
    summary: '删除子账号',
    access: { perm: 'merchant:subaccount:del' },
    oplog: team('delete'),
    params: idsParam,
    result: noResult,
  }),
  roles: defineContract({
    method: 'GET',
    path: `${base}/role/list`,
    summary: '商户角色列表（含权限与使用账号数）',
    access: { perm: 'merchant:subaccount:list' },
    result: z.array(merchantRoleRow),
  }),
  grantTree: defineContract({
    method: 'GET',
    path: `${base}/role/menuTree`,
    summary: '当前账号可授予的菜单与按钮树',
    access: { perm: 'merchant:subaccount:role' },
    result: z.array(menuOption),
  }),
  addRole: defineContract({
    method: 'POST',
    path: `${base}/role/add`,
    summary: '新增商户角色',
    access: { perm: 'merchant:subaccount:role' },
    oplog: team('grant'),
    body: merchantRoleAddBody,
    result: idResult,
  }),
  editRole: defineContract({
    method: 'POST',
    path: `${base}/role/edit`,
    summary: '编辑商户角色',
    access: { perm: 'merchant:subaccount:role' },
    oplog: team('grant'),
    body: merchantRoleEditBody,
    result: noResult,
  }),
  removeRoles: defineContract({
    method: 'DELETE',
    path: `${base}/role/delByIds/:ids`,
    summary: '删除商户角色（使用中的不能删除）',
    access: { perm: 'merchant:subaccount:role' },
    oplog: team('delete'),
    params: idsParam,
    result: noResult,
  }),
};
