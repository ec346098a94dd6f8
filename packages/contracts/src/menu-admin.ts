import { z } from 'zod';
import { MENU_SCOPES, MENU_TYPES, menuColumns } from './menu.ts';
import { optionalStatus, optionalText, statusFlag } from './common.ts';

/** A menu row as 菜单管理 edits it; `builtIn`: seeded by a module (its key and page are fixed). */
export const menuRow = z
  .object(menuColumns)
  .extend({
    builtIn: z.boolean(),
    createdAt: z.string(),
    get children(): z.ZodOptional<z.ZodArray<typeof menuRow>> {
      return z.array(menuRow).optional();
    },
  })
  .meta({ id: 'MenuRow' }); // a named schema: the OpenAPI document refers to the recursive tree by this name
export type MenuRow = z.infer<typeof menuRow>;

/** The select tree (role assignment, parent picker). */
export const menuOption = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    type: z.enum(MENU_TYPES),
    scope: z.enum(MENU_SCOPES),
    perms: z.string().nullable(),
    get children(): z.ZodOptional<z.ZodArray<typeof menuOption>> {
      return z.array(menuOption).optional();
    },
  })
  .meta({ id: 'MenuOption' }); // a named schema: the OpenAPI document refers to the recursive tree by this name
export type MenuOption = z.infer<typeof menuOption>;

const scopeFilter = z.preprocess((v) => (v === '' ? undefined : v), z.enum(['platform', 'merchant']).optional());

export const menuTreeQuery = z.object({ name: optionalText(30), status: optionalStatus, scope: scopeFilter });
export const menuSelectQuery = z.object({
  scope: scopeFilter,
  withButtons: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()).default(true),
});

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);

/** routerParam: a JSON object of query parameters, e.g. {"tab":"1"}. */
export const routerParamField = z.preprocess(
  empty,
  z
    .string()
    .trim()
    .max(500, '路由参数最多 500 个字符')
    .refine((s) => {
      try {
        const v = JSON.parse(s);
        return v !== null && typeof v === 'object' && !Array.isArray(v);
      } catch {
        return false;
      }
    }, '路由参数须为 JSON 对象，如 {"tab":"1"}')
    .optional(),
);

export const permsField = z.preprocess(
  empty,
  z
    .string()
    .trim()
    .regex(
      /^(sys|platform|merchant):[A-Za-z][\w-]*(:[A-Za-z][\w-]*)*$/,
      '权限标识格式为 范围:模块:操作，如 merchant:goods:add',
    )
    .max(100)
    .optional(),
);

const menuFields = {
  parentId: z.preprocess(
    (v) => (v === '' || v === null || v === '0' || v === 0 ? null : v),
    z.coerce.number().int().positive().nullable(),
  ),
  name: z.string({ error: '请输入菜单名称' }).trim().min(1, '请输入菜单名称').max(30, '菜单名称最多 30 个字'),
  icon: z.preprocess(
    empty,
    z
      .string()
      .trim()
      .regex(/^[A-Z][A-Za-z]+$/, '图标名称无效')
      .max(60)
      .optional(),
  ),
  type: z.enum(['CAIDAN', 'ZICAIDAN', 'ANNIU'], { error: '请选择菜单类型' }),
  routerUrl: z.preprocess(
    empty,
    z
      .string()
      .trim()
      .regex(/^\/[A-Za-z0-9_\-/]*$/, '路由地址以 / 开头，只含字母、数字、_ - /')
      .max(200)
      .optional(),
  ),
  routerParam: routerParamField,
  component: z.preprocess(
    empty,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z][\w.-]*$/, '组件须为页面注册表中的键')
      .max(100)
      .optional(),
  ),
  perms: permsField,
  status: statusFlag,
  sort: z.coerce.number().int().min(0, '排序不能为负').max(9999),
  scope: z.enum(['platform', 'merchant'], { error: '请选择菜单范围' }),
};

export const menuAddBody = z.object({
  ...menuFields,
  parentId: menuFields.parentId.default(null),
  status: statusFlag.default(0),
  sort: menuFields.sort.default(0),
  scope: menuFields.scope.default('platform'),
});

/** Edit: only what is sent changes. Sending an empty optional text clears it. */
export const menuEditBody = z.object({
  id: z.coerce.number().int().positive(),
  parentId: menuFields.parentId.optional(),
  name: menuFields.name.optional(),
  icon: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .trim()
      .regex(/^[A-Z][A-Za-z]+$/, '图标名称无效')
      .max(60)
      .nullable()
      .optional(),
  ),
  type: menuFields.type.optional(),
  routerUrl: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .trim()
      .regex(/^\/[A-Za-z0-9_\-/]*$/, '路由地址以 / 开头，只含字母、数字、_ - /')
      .max(200)
      .nullable()
      .optional(),
  ),
  routerParam: z.preprocess((v) => (v === '' ? null : v), z.union([z.null(), routerParamField])),
  component: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z][\w.-]*$/, '组件须为页面注册表中的键')
      .max(100)
      .nullable()
      .optional(),
  ),
  perms: z.preprocess((v) => (v === '' ? null : v), z.union([z.null(), permsField])),
  status: statusFlag.optional(),
  sort: menuFields.sort.optional(),
});
