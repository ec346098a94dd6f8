import type { SignInRecord } from './account.ts';
import { z } from 'zod';
import { mainlandPhone, optionalStatus, optionalText, pageQuery, statusFlag } from './common.ts';
import { idList, nickNameField, passwordField } from './user.ts';

const roleName = z.string({ error: '请输入角色名称' }).trim().min(1, '请输入角色名称').max(30, '角色名称最多 30 个字');

/** A merchant role: a name and a tree of merchant menus and buttons (menu ids, half-checked parents included). */
export const merchantRoleAddBody = z.object({
  name: roleName,
  menuIds: idList.refine((a) => a.length > 0, '请至少选择一项权限'),
  remark: z.string().trim().max(200, '备注最多 200 个字').optional(),
});
export const merchantRoleEditBody = z.object({
  id: z.coerce.number().int().positive(),
  name: roleName.optional(),
  menuIds: idList.refine((a) => a.length > 0, '请至少选择一项权限').optional(),
  remark: z.string().trim().max(200, '备注最多 200 个字').optional(),
});

export interface MerchantRole {
  id: number;
  name: string;
  remark: string | null;
  status: number;
  menuIds: number[];
  userCount: number;
  createdAt: string;
}

export const subAccountQuery = pageQuery.extend({
  keyword: optionalText(50),
  roleId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  status: optionalStatus,
});

/** 新增账号: name, phone (unique), role, the shops it may work in (empty = every shop). */
export const subAccountAddBody = z.object({
  nickName: nickNameField,
  phone: mainlandPhone,
  roleId: z.coerce.number({ error: '请选择角色' }).int().positive('请选择角色'),
  shopIds: idList,
  password: z.preprocess((v) => (v === '' ? undefined : v), passwordField.optional()),
});
export const subAccountEditBody = z.object({
  id: z.coerce.number().int().positive(),
  nickName: nickNameField.optional(),
  roleId: z.coerce.number().int().positive('请选择角色').optional(),
  shopIds: idList.optional(),
});
export const subAccountStatusBody = z.object({ id: z.coerce.number().int().positive(), status: statusFlag });
export const subAccountRePasswordBody = z.object({ id: z.coerce.number().int().positive(), password: passwordField });

export interface SubAccount {
  id: number;
  nickName: string;
  loginName: string;
  phone: string;
  status: number;
  roleId: number | null;
  roleName: string | null;
  /** null = every shop. */
  shops: { id: number; name: string }[] | null;
  lastLoginAt: string | null;
  createdAt: string;
}

export interface SubAccountDetail extends SubAccount {
  hasPassword: boolean;
  /** The permission codes it holds (role menus ∩ merchant menus). */
  perms: string[];
  /** Names of the pages it can open. */
  menuNames: string[];
  signIns: SignInRecord[];
  operations: { at: string; title: string; type: string; url: string; success: number }[];
}
