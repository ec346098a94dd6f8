import { userInfo } from '../auth.ts';
import { idsParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';
import {
  avatarBody,
  avatarResult,
  passwordEditBody,
  profileEditBody,
  rePasswordBody,
  sysUserRow,
  userAddBody,
  userEditBody,
  userQuery,
} from '../user.ts';

const base = '/api/sys/user';
const oplog = (type: 'add' | 'edit' | 'delete' | 'other') => ({ title: '用户管理', type });
const self = { title: '个人中心', type: 'edit' } as const;

/**
 * The caller's own profile (every signed-in user, platform or merchant) and the platform's 用户管理 (sys: codes;
 * acting on a user follows lib/authority.ts on the server).
 */
export const userApi = {
  profile: defineContract({
    method: 'GET',
    path: `${base}/findProfile`,
    summary: '当前登录用户的信息',
    access: { signedIn: true },
    result: userInfo,
  }),
  editProfile: defineContract({
    method: 'POST',
    path: `${base}/edit/profile`,
    summary: '修改自己的昵称',
    access: { signedIn: true },
    oplog: self,
    body: profileEditBody,
    result: userInfo,
  }),
  avatar: defineContract({
    method: 'POST',
    path: `${base}/avatar`,
    summary: '修改自己的头像',
    access: { signedIn: true },
    oplog: self,
    body: avatarBody,
    result: avatarResult,
  }),
  passwordCode: defineContract({
    method: 'POST',
    path: `${base}/edit/password/sendCode`,
    summary: '向自己的手机发送设置密码的验证码（尚未设置密码时）',
    access: { signedIn: true },
    result: noResult,
  }),
  editPassword: defineContract({
    method: 'POST',
    path: `${base}/edit/password`,
    summary: '修改自己的密码（原密码或短信验证码；其他会话随之结束）',
    access: { signedIn: true },
    oplog: self,
    body: passwordEditBody,
    result: noResult,
  }),
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '平台用户分页列表（含角色）',
    access: { perm: 'sys:user:list' },
    query: userQuery,
    result: pageOf(sysUserRow),
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增平台用户',
    access: { perm: 'sys:user:add' },
    oplog: oplog('add'),
    body: userAddBody,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '编辑平台用户（停用即结束其会话）',
    access: { perm: 'sys:user:edit' },
    oplog: oplog('edit'),
    body: userEditBody,
    result: noResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${base}/delByIds/:ids`,
    summary: '删除平台用户',
    access: { perm: 'sys:user:del' },
    oplog: oplog('delete'),
    params: idsParam,
    result: noResult,
  }),
  rePassword: defineContract({
    method: 'POST',
    path: `${base}/rePassword`,
    summary: '重置用户密码（其会话随之结束）',
    access: { perm: 'sys:user:rePassword' },
    oplog: oplog('other'),
    body: rePasswordBody,
    result: noResult,
  }),
};
