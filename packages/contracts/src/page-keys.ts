/**
 * The page keys of the web route registry (each feature's `pages.ts`), known to the server without the web app:
 * a menu's `component` must name one of them (菜单管理 refuses any other with 2001).
 *
 * Hand-kept for the hand-written pages; `web/src/app/registry.test.ts` fails when this list and the registry differ
 * in either direction (a page added without its key, or a stale key). Pages written by 代码生成 are not listed here:
 * their menu file (`menus/gen-<name>.ts`) exports `pageKeys`, and `collectPageKeys` adds them.
 */

/** Pages a menu can open (registry entries without `parentKey`). */
export const menuPageKeys = [
  'home.index',
  // merchant console
  'account.licence',
  'account.mine',
  'account.sub',
  'merchant.agreement.mine',
  'merchant.agreement.sign',
  'merchant.card.product',
  'merchant.card.sale',
  'merchant.client.list',
  'merchant.plan.list',
  'merchant.courier',
  'merchant.employee.list',
  'merchant.feedback',
  'merchant.finance.binding',
  'merchant.finance.frozen',
  'merchant.finance.home',
  'merchant.finance.ledger',
  'merchant.finance.overview',
  'merchant.finance.withdraw',
  'merchant.goods.list',
  'merchant.jinjian',
  'merchant.message.list',
  'merchant.order.dispatch',
  'merchant.order.list',
  'merchant.order.rota',
  'merchant.order.taking',
  'merchant.order.verify',
  'merchant.review.list',
  'merchant.shop.branches',
  'merchant.shop.info',
  'merchant.shop.list',
  'merchant.stats.employee',
  'merchant.stats.operations',
  // platform
  'platform.agreement',
  'platform.banner',
  'platform.feedback',
  'platform.fuwu',
  'platform.licenceAudit',
  'platform.merchantUser',
  'platform.message.broadcast',
  'platform.notice',
  'platform.qa',
  'platform.shopAudit',
  'platform.withdrawAudit',
  // system toolkit
  'sys.config',
  'sys.dict',
  'sys.gen',
  'sys.log',
  'sys.menu',
  'sys.resource',
  'sys.role',
  'sys.user',
] as const;

/** Pages reached from another page (registry entries with `parentKey`: forms, details): never a menu's component. */
export const subPageKeys = [
  'account.alerts',
  'account.loginName',
  'account.password',
  'account.phone',
  'account.subDetail',
  'account.subForm',
  'merchant.agreement.detail',
  'merchant.client.detail',
  'merchant.employee.add',
  'merchant.employee.detail',
  'merchant.goods.add',
  'merchant.goods.detail',
  'sys.dictData',
  'sys.widgets',
] as const;

/** A hand-written page of the registry: what the web's `pagePath` accepts, so a link to a missing page fails to compile. */
export type PageKey = (typeof menuPageKeys)[number] | (typeof subPageKeys)[number];

/** What a menu file of the catalogue may export besides `menus`: the menu pages its (generated) module adds. */
export interface PageKeyFile {
  pageKeys?: readonly string[];
}

/** Every key a menu may name: the hand-kept list plus the `pageKeys` of the menu files (generated modules). */
export function collectPageKeys(menuFiles: PageKeyFile[]): Set<string> {
  return new Set<string>([...menuPageKeys, ...menuFiles.flatMap((f) => f.pageKeys ?? [])]);
}
