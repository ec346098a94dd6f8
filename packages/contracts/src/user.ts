import { z } from 'zod';
import {
  distinctIds,
  jsonField,
  mainlandPhone,
  optionalStatus,
  optionalText,
  pageQuery,
  statusFlag,
} from './common.ts';

/** A platform user as the 用户管理 table shows it: whether a password is set, never its hash. */
export const sysUserRow = z.object({
  id: z.number().int(),
  loginName: z.string(),
  nickName: z.string(),
  phone: z.string(),
  headUrl: z.string().nullable(),
  status: z.number().int(),
  hasPassword: z.boolean(),
  roleIds: z.array(z.number().int()),
  /** Role names, comma-separated. */
  roleNames: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  createdAt: z.string(),
});
export type SysUser = z.infer<typeof sysUserRow>;

/** A merchant account as the 商家用户 table shows it (declared with its contract). */
export type { MerchantUser } from './merchant-user.ts';

/** The caller's new avatar, as saved. */
export const avatarResult = z.object({ headUrl: z.string() });

export const userQuery = pageQuery.extend({
  loginName: optionalText(50),
  nickName: optionalText(50),
  phone: optionalText(11),
  status: optionalStatus,
});

export const merchantUserQuery = pageQuery.extend({
  phone: optionalText(11),
  nickName: optionalText(50),
  merchantName: optionalText(100),
  status: optionalStatus,
  isOwner: optionalStatus,
});

/** Ids as the form sends them: a JSON array, a comma-separated string, or an array; each id once. Empty means none. */
export const idList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    if (typeof v === 'number') return [v];
    if (typeof v === 'string') {
      const s = v.trim();
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s);
        } catch {
          return s;
        }
      }
      return s === '' ? [] : s.split(',');
    }
    return v;
  },
  distinctIds(
    z.array(z.coerce.number({ error: 'id 须为数字' }).int().positive('id 须为正整数')).max(2000, '一次最多 2000 个'),
  ),
);

export const loginNameField = z
  .string({ error: '请输入登录名' })
  .trim()
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.@-]{2,29}$/, '登录名为 3-30 位字母、数字或 _ . @ -');
export const nickNameField = z.string({ error: '请输入昵称' }).trim().min(1, '请输入昵称').max(30, '昵称最多 30 个字');
export const passwordField = z
  .string({ error: '请输入密码' })
  .min(8, '密码至少 8 位')
  .max(64, '密码最多 64 位')
  .regex(/^(?=.*[A-Za-z])(?=.*\d).+$/, '密码须同时包含字母和数字');

export const userAddBody = z.object({
  loginName: loginNameField,
  nickName: nickNameField,
  phone: mainlandPhone,
  roleIds: idList.refine((a) => a.length > 0, '请至少选择一个角色'),
  status: statusFlag.default(0),
  password: z.preprocess((v) => (v === '' ? undefined : v), passwordField.optional()),
});

/** Edit: only what is sent changes (no add-time defaults). */
export const userEditBody = z.object({
  id: z.coerce.number().int().positive(),
  loginName: loginNameField.optional(),
  nickName: nickNameField.optional(),
  phone: mainlandPhone.optional(),
  roleIds: idList.refine((a) => a.length > 0, '请至少选择一个角色').optional(),
  status: statusFlag.optional(),
});

export const rePasswordBody = z.object({ id: z.coerce.number().int().positive(), password: passwordField });

export const profileEditBody = z.object({ nickName: nickNameField });

export const passwordEditBody = z.object({
  oldPassword: z.string().max(64).optional(),
  code: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{6}$/, '验证码为 6 位数字')
      .optional(),
  ),
  newPassword: passwordField,
});

/** A stored upload URL: a path of this server or an https address. */
export const imageUrlField = z
  .string({ error: '请上传图片' })
  .trim()
  .max(500, '图片地址过长')
  .regex(/^(\/[\w\-./%]+|https?:\/\/[^\s"'<>]+)$/, '图片地址无效');

export const avatarBody = z.object({ headUrl: imageUrlField });

export { jsonField };
