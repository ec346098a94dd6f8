import { z } from 'zod';
import { namedShop, signInRecord } from './account.ts';
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

export const merchantRoleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string().nullable(),
  status: z.number().int(),
  /** Its menus and buttons (half-checked parents included). */
  menuIds: z.array(z.number().int()),
  /** Accounts holding it (a role in use cannot be deleted). */
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type MerchantRole = z.infer<typeof merchantRoleRow>;

export const subAccountQuery = pageQuery.extend({
  keyword: optionalText(50),
  roleId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  status: optionalStatus,
});

/** The value of `shopIds` that grants every shop of the merchant (only a holder of every shop may send it). */
export const ALL_SHOPS = 'all';

/**
 * The shops an account may work in: `all` (every shop of the merchant, now and later) or a non-empty list of shop ids
 * (a JSON array or comma-separated). An empty list is refused: "every shop" is never implied by leaving it out.
 */
export const shopScopeField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === ALL_SHOPS ? ALL_SHOPS : v),
  z.union([z.literal(ALL_SHOPS), idList.refine((a) => a.length > 0, '请选择可管理的店铺（或选择全部店铺）')], {
    error: '可管理店铺须为 all 或店铺 id',
  }),
);
export type ShopScope = z.infer<typeof shopScopeField>;

/** 新增账号: name, phone (unique), role, the shops it may work in (`all` or ids). */
export const subAccountAddBody = z.object({
  nickName: nickNameField,
  phone: mainlandPhone,
  roleId: z.coerce.number({ error: '请选择角色' }).int().positive('请选择角色'),
  shopIds: shopScopeField,
  password: z.preprocess((v) => (v === '' ? undefined : v), passwordField.optional()),
});
export const subAccountEditBody = z.object({
  id: z.coerce.number().int().positive(),
  nickName: nickNameField.optional(),
  roleId: z.coerce.number().int().positive('请选择角色').optional(),
  /** Left out: unchanged. */
  shopIds: shopScopeField.optional(),
});
export const subAccountStatusBody = z.object({ id: z.coerce.number().int().positive(), status: statusFlag });
export const subAccountRePasswordBody = z.object({ id: z.coerce.number().int().positive(), password: passwordField });

export const subAccountRow = z.object({
  id: z.number().int(),
  nickName: z.string(),
  loginName: z.string(),
  phone: z.string(),
  status: z.number().int(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  /** null = every shop. */
  shops: z.array(namedShop).nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Whether the caller may edit, disable, reset or delete it: its codes and shops lie inside the caller's own (and it
   * is not the caller). The server enforces this; the list uses it to offer only the actions that will work.
   */
  manageable: z.boolean(),
});
export type SubAccount = z.infer<typeof subAccountRow>;

export const subAccountDetail = subAccountRow.extend({
  hasPassword: z.boolean(),
  /** The permission codes it holds (role menus ∩ merchant menus). */
  perms: z.array(z.string()),
  /** Names of the pages it can open. */
  menuNames: z.array(z.string()),
  signIns: z.array(signInRecord),
  operations: z.array(
    z.object({ at: z.string(), title: z.string(), type: z.string(), url: z.string(), success: z.number().int() }),
  ),
});
export type SubAccountDetail = z.infer<typeof subAccountDetail>;

/** A shop the caller may hand out (子账号's shop choice); parentId null = the main shop. */
export const grantableShop = namedShop.extend({ parentId: z.number().int().nullable() });
