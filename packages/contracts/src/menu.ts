import { z } from 'zod';

export const MENU_TYPES = ['CAIDAN', 'ZICAIDAN', 'ANNIU'] as const;
export const MENU_SCOPES = ['platform', 'merchant'] as const;
export type MenuType = (typeof MENU_TYPES)[number];
export type MenuScope = (typeof MENU_SCOPES)[number];

/** The columns every menu answer shares. */
export const menuColumns = {
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  icon: z.string().nullable(),
  type: z.enum(MENU_TYPES),
  routerUrl: z.string().nullable(),
  routerParam: z.string().nullable(),
  component: z.string().nullable(),
  perms: z.string().nullable(),
  status: z.number().int(),
  sort: z.number().int(),
  scope: z.enum(MENU_SCOPES),
};

/** Menu item as the sidebar receives it (docs/spec-notes.md#records); leaves have no `children`. */
export const menuItem = z
  .object(menuColumns)
  .extend({
    get children(): z.ZodOptional<z.ZodArray<typeof menuItem>> {
      return z.array(menuItem).optional();
    },
  })
  .meta({ id: 'MenuItem' }); // a named schema: the OpenAPI document refers to the recursive tree by this name
export type MenuItem = z.infer<typeof menuItem>;

/**
 * A menu row as a module seeds it. `key` is the stable identity used to upsert rows on every start, so a module can
 * add pages to an existing database. `component` names a key of the web route registry (web/src/features/** /pages.ts).
 * `parentKey` hangs a module's entries under a folder another module owns (e.g. 'sys' for 系统管理).
 */
export interface MenuSeed {
  key: string;
  name: string;
  type: MenuType;
  scope: MenuScope;
  sort: number;
  icon?: string;
  routerUrl?: string;
  routerParam?: string;
  component?: string;
  perms?: string;
  parentKey?: string;
  /**
   * Names this row was seeded under before: a database still showing one of them gets `name` on the next start (a
   * name an admin chose stays). Other columns an admin may edit are never overwritten, so a rename needs this.
   */
  formerNames?: string[];
  children?: MenuSeed[];
}

/** Button codes are `<scope>:<domain>:<action>`; the platform super admin holds `super`, which passes every check. */
export const SUPER_PERM = 'super';

/** Flattens a seed tree into rows with parentKey filled in, parents before children. */
export function flattenMenuSeeds(seeds: MenuSeed[], parentKey?: string): Omit<MenuSeed, 'children'>[] {
  const out: Omit<MenuSeed, 'children'>[] = [];
  for (const { children, ...row } of seeds) {
    out.push({ ...row, parentKey: row.parentKey ?? parentKey });
    if (children) out.push(...flattenMenuSeeds(children, row.key));
  }
  return out;
}

/** One button (ANNIU) row: a permission code the roles can be granted, listed under its page. */
export const menuButton = (
  key: string,
  name: string,
  sort: number,
  perms: string,
  scope: MenuScope = 'platform',
): MenuSeed => ({ key, name, type: 'ANNIU', scope, sort, perms });

/**
 * The 新增/编辑/删除 buttons of a CRUD page: keys `<key>.add|edit|del`, perms `<perm>:add|edit|del`, names
 * 新增<noun> / 编辑<noun> / 删除<noun>, sorts 1-3 (or from `from`). Keys and perms are the upsert identity of
 * the rows, so a page whose codes differ from this pattern spells its buttons out with menuButton.
 */
export function crudButtons(
  key: string,
  perm: string,
  noun: string,
  opts: { scope?: MenuScope; from?: number } = {},
): MenuSeed[] {
  const from = opts.from ?? 1;
  return (
    [
      ['add', '新增'],
      ['edit', '编辑'],
      ['del', '删除'],
    ] as const
  ).map(([action, verb], i) =>
    menuButton(`${key}.${action}`, `${verb}${noun}`, from + i, `${perm}:${action}`, opts.scope),
  );
}
