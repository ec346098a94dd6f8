import type { MenuOption, MenuRow } from '@jz/contracts/menu-admin';
import type { MenuScope, MenuType } from '@jz/contracts/menu';
import type { DB } from '../../../db/client.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import { likeContains } from '../../../lib/paging.ts';
import { nowIso } from '../../../lib/time.ts';
import { buildTree, bySortThenId, type TreeNode } from '../../../lib/tree.ts';
import { assertPageKey } from './page-keys.ts';

const rowColumns = [
  'id',
  'parentId',
  'name',
  'icon',
  'type',
  'routerUrl',
  'routerParam',
  'component',
  'perms',
  'status',
  'sort',
  'scope',
  'seedKey',
  'createdAt',
] as const;

/** 菜单管理: the whole tree (both scopes unless filtered). A name filter answers the matches as roots. */
export async function findAllByTree(db: DB, f: { name?: string; status?: number; scope?: MenuScope }) {
  let q = db.selectFrom('menu').select([...rowColumns]);
  if (f.name) q = q.where('name', 'like', likeContains(f.name));
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.scope) q = q.where('scope', '=', f.scope);
  const rows = (await q.execute()).map(({ seedKey, ...r }) => ({ ...r, builtIn: seedKey !== null })) as MenuRow[];
  return buildTree(rows, { compare: bySortThenId });
}

/** The select tree: role assignment (with buttons) and parent pickers (without). */
export async function findSelectByTree(db: DB, f: { scope?: MenuScope; withButtons: boolean }) {
  let q = db.selectFrom('menu').select(['id', 'parentId', 'name', 'type', 'scope', 'perms', 'sort']);
  if (f.scope) q = q.where('scope', '=', f.scope);
  if (!f.withButtons) q = q.where('type', '!=', 'ANNIU');
  type Row = MenuOption & { sort: number };
  const strip = (m: TreeNode<Row>): MenuOption => {
    const { sort: _s, children, ...rest } = m;
    return children ? { ...rest, children: children.map(strip) } : rest;
  };
  return buildTree((await q.execute()) as Row[], { compare: bySortThenId }).map(strip);
}

interface MenuValues {
  parentId: number | null;
  name: string;
  icon: string | null;
  type: MenuType;
  routerUrl: string | null;
  routerParam: string | null;
  component: string | null;
  perms: string | null;
  status: number;
  sort: number;
  scope: MenuScope;
}

const PARENT_RULE: Record<MenuType, { parent: MenuType | null; msg: string }> = {
  CAIDAN: { parent: 'CAIDAN', msg: '目录只能放在顶级或其他目录下' },
  ZICAIDAN: { parent: 'CAIDAN', msg: '菜单只能放在顶级或目录下' },
  ANNIU: { parent: 'ZICAIDAN', msg: '按钮必须放在某个菜单（页面）下' },
};

/**
 * The rules of a menu row: parent type and scope, route/component of pages (a page of the web route registry),
 * permission code of the scope. `checkComponent` false: an edit that keeps the row's page and type (renaming or
 * disabling a row whose page was since removed stays possible; choosing a page is checked).
 */
async function validate(db: DB, v: MenuValues, selfId?: number, checkComponent = true) {
  if (v.parentId !== null) {
    const parent = await db
      .selectFrom('menu')
      .select(['id', 'type', 'scope', 'parentId'])
      .where('id', '=', v.parentId)
      .executeTakeFirst();
    if (!parent) throw invalid('上级菜单不存在');
    if (parent.scope !== v.scope) throw invalid('菜单范围须与上级菜单一致');
    if (parent.type !== PARENT_RULE[v.type].parent) throw invalid(PARENT_RULE[v.type].msg);
    if (selfId) {
      // No cycles: the new parent must not be the row itself or one of its descendants.
      let cur: { id: number; parentId: number | null } | undefined = parent;
      for (let hops = 0; cur && hops < 50; hops++) {
        if (cur.id === selfId) throw invalid('上级菜单不能是自身或其下级');
        if (cur.parentId === null) break;
        cur = await db.selectFrom('menu').select(['id', 'parentId']).where('id', '=', cur.parentId).executeTakeFirst();
      }
    }
  } else if (v.type === 'ANNIU') throw invalid(PARENT_RULE.ANNIU.msg);
  if (v.type === 'ZICAIDAN') {
    if (!v.routerUrl) throw invalid('请输入路由地址');
    if (!v.component) throw invalid('请选择页面组件');
    if (checkComponent) await assertPageKey(v.component);
    let q = db
      .selectFrom('menu')
      .select('name')
      .where('type', '=', 'ZICAIDAN')
      .where('scope', '=', v.scope)
      .where('routerUrl', '=', v.routerUrl);
    if (selfId) q = q.where('id', '!=', selfId);
    const clash = await q.executeTakeFirst();
    if (clash) throw business(`路由地址 ${v.routerUrl} 已被菜单「${clash.name}」使用`);
  }
  if (v.type === 'ANNIU' && !v.perms) throw invalid('请输入按钮的权限标识');
  if (v.perms) {
    const platformCode = v.perms.startsWith('sys:') || v.perms.startsWith('platform:');
    if (v.scope === 'merchant' && !v.perms.startsWith('merchant:'))
      throw invalid('商家菜单的权限标识须以 merchant: 开头');
    if (v.scope === 'platform' && !platformCode) throw invalid('平台菜单的权限标识须以 sys: 或 platform: 开头');
  }
}

const clean = (v: MenuValues): MenuValues =>
  v.type === 'CAIDAN'
    ? { ...v, component: null, perms: null, routerParam: null }
    : v.type === 'ANNIU'
      ? { ...v, routerUrl: null, routerParam: null, component: null, icon: null }
      : v;

export async function addMenu(
  db: DB,
  body: {
    parentId: number | null;
    name: string;
    icon?: string;
    type: MenuType;
    routerUrl?: string;
    routerParam?: string;
    component?: string;
    perms?: string;
    status: number;
    sort: number;
    scope: MenuScope;
  },
) {
  let scope = body.scope;
  if (body.parentId !== null) {
    const parent = await db.selectFrom('menu').select('scope').where('id', '=', body.parentId).executeTakeFirst();
    if (!parent) throw invalid('上级菜单不存在');
    scope = parent.scope;
    if (body.scope !== parent.scope) throw invalid('菜单范围须与上级菜单一致');
  }
  const v = clean({
    parentId: body.parentId,
    name: body.name,
    icon: body.icon ?? null,
    type: body.type,
    routerUrl: body.routerUrl ?? null,
    routerParam: body.routerParam ?? null,
    component: body.component ?? null,
    perms: body.perms ?? null,
    status: body.status,
    sort: body.sort,
    scope,
  });
  await validate(db, v);
  const now = nowIso();
  return db
    .insertInto('menu')
    .values({ ...v, seedKey: null, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const STRUCTURE = ['parentId', 'type', 'routerUrl', 'routerParam', 'component', 'perms'] as const;

export async function editMenu(db: DB, id: number, body: Partial<Omit<MenuValues, 'scope'>>) {
  const cur = await db.selectFrom('menu').selectAll().where('id', '=', id).executeTakeFirst();
  if (!cur) throw notFound('菜单不存在');
  const patch = Object.fromEntries(Object.entries(body).filter(([, x]) => x !== undefined)) as Partial<MenuValues>;
  // Seeded menus get their structure back at every start: only name, icon, sort and status are the admin's.
  if (cur.seedKey !== null && STRUCTURE.some((k) => k in patch && (patch[k] ?? null) !== (cur[k] ?? null)))
    throw business('内置菜单只能修改名称、图标、排序和状态');
  if (
    patch.type &&
    patch.type !== cur.type &&
    (await db.selectFrom('menu').select('id').where('parentId', '=', id).executeTakeFirst())
  )
    throw business('存在下级菜单，不能修改类型');
  const merged = clean({
    parentId: cur.parentId,
    name: cur.name,
    icon: cur.icon,
    type: cur.type,
    routerUrl: cur.routerUrl,
    routerParam: cur.routerParam,
    component: cur.component,
    perms: cur.perms,
    status: cur.status,
    sort: cur.sort,
    scope: cur.scope,
    ...patch,
  });
  if (cur.seedKey === null)
    await validate(db, merged, id, merged.component !== cur.component || merged.type !== cur.type);
  await db
    .updateTable('menu')
    .set({ ...merged, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Seeded menus cannot be deleted (they would come back at the next start: disable them instead). */
export async function deleteMenus(db: DB, ids: number[]) {
  await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('menu').select(['id', 'name', 'seedKey']).where('id', 'in', ids).execute();
    if (rows.length !== ids.length) throw notFound('菜单不存在');
    const seeded = rows.find((r) => r.seedKey !== null);
    if (seeded) throw business(`内置菜单「${seeded.name}」不能删除，可改为停用`);
    const child = await trx
      .selectFrom('menu')
      .select(['name', 'parentId'])
      .where('parentId', 'in', ids)
      .where('id', 'not in', ids)
      .executeTakeFirst();
    if (child)
      throw business(
        `「${rows.find((r) => r.id === child.parentId)?.name}」存在下级菜单「${child.name}」，请先删除下级`,
      );
    await trx.deleteFrom('roleMenu').where('menuId', 'in', ids).execute();
    // Children before parents (the ids may hold a whole branch).
    for (let left = [...ids]; left.length; ) {
      const parents = new Set(
        (await trx.selectFrom('menu').select('parentId').where('id', 'in', left).execute()).map((r) => r.parentId),
      );
      const leaves = left.filter((id) => !parents.has(id));
      await trx.deleteFrom('menu').where('id', 'in', leaves).execute();
      left = left.filter((id) => !leaves.includes(id));
    }
  });
}
