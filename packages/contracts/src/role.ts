import { z } from 'zod';
import { idList } from './user.ts';
import { optionalStatus, optionalText, pageQuery, statusFlag } from './common.ts';

export const ROLE_SCOPES = ['platform', 'merchant'] as const;
export type RoleScope = (typeof ROLE_SCOPES)[number];

/** A role of the platform's catalogue as 角色管理 lists it; `builtIn` 1: seeded, holds every menu of its scope. */
export const roleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  scope: z.enum(ROLE_SCOPES),
  remark: z.string().nullable(),
  status: z.number().int(),
  sort: z.number().int(),
  builtIn: z.number().int(),
  userCount: z.number().int(),
  menuIds: z.array(z.number().int()),
  createdAt: z.string(),
});
export type SysRole = z.infer<typeof roleRow>;

/** An enabled platform role, as the user form offers it. */
export const roleOption = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  scope: z.enum(ROLE_SCOPES),
  status: z.number().int(),
  builtIn: z.number().int(),
});
export type RoleOption = z.infer<typeof roleOption>;

export const roleQuery = pageQuery.extend({
  name: optionalText(30),
  code: optionalText(50),
  scope: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['platform', 'merchant']).optional()),
  status: optionalStatus,
});

const nameField = z.string({ error: '请输入角色名称' }).trim().min(1, '请输入角色名称').max(30, '角色名称最多 30 个字');
const codeField = z
  .string({ error: '请输入角色编码' })
  .trim()
  .regex(/^[a-z][a-z0-9_]{1,49}$/, '角色编码以小写字母开头，只含小写字母、数字和下划线');

export const roleAddBody = z.object({
  name: nameField,
  code: codeField,
  scope: z.enum(['platform', 'merchant'], { error: '请选择角色范围' }).default('platform'),
  menuIds: idList,
  status: statusFlag.default(0),
  sort: z.coerce.number().int().min(0, '排序不能为负').max(9999).default(0),
  remark: z.string().trim().max(500, '备注最多 500 个字').optional(),
});

/** Edit: only what is sent changes; the scope of a role never changes. */
export const roleEditBody = z.object({
  id: z.coerce.number().int().positive(),
  name: nameField.optional(),
  code: codeField.optional(),
  menuIds: idList.optional(),
  status: statusFlag.optional(),
  sort: z.coerce.number().int().min(0).max(9999).optional(),
  remark: z.string().trim().max(500, '备注最多 500 个字').optional(),
});
