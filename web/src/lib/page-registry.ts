import type { PageKey } from '@jz/contracts/page-keys';
import type { LazyPage } from './lazy-page.ts';

export type { PageKey };

/**
 * One page of the console. Each feature folder declares its pages in a `pages.ts`; the app gathers them all
 * (app/registry.ts) and registers them here, so features and shared components can look pages up without importing
 * the app. The router, the sidebar's component lookup and the breadcrumbs come from it. Server menu rows name `key`.
 */
export interface PageDef {
  key: string;
  /** The route path (docs/spec-notes.md#routes fixes the merchant ones, e.g. /shangpinguanli). */
  path: string;
  title: string;
  /** lazyPage(() => import('./pages/XPage.tsx')): each page is its own chunk, preloaded by the route's loader. */
  component: LazyPage;
  /** Shown only to users holding this code (the server enforces it again on every call). */
  perm?: string;
  /** Pages reachable without a menu entry of their own (details, add/edit forms) name their menu parent here. */
  parentKey?: string;
  /** An add page that edits with ?id= (新增员工 → 编辑员工): the title its header and breadcrumb show then. */
  editTitle?: string;
}

/** The title a page shows for a location's query string: its editTitle when it edits (?id=), else its title. */
export const pageTitle = (page: Pick<PageDef, 'title' | 'editTitle'>, search: string) =>
  page.editTitle && Number(new URLSearchParams(search).get('id')) > 0 ? page.editTitle : page.title;

/** Every registered page, in registration order; filled by registerPages at start-up. */
export const pages: PageDef[] = [];
export const pageByKey = new Map<string, PageDef>();
export const pageByPath = new Map<string, PageDef>();

/** Adds pages to the registry (app/registry.ts calls it once with every feature's pages). */
export function registerPages(list: PageDef[]) {
  for (const p of list) {
    pages.push(p);
    pageByKey.set(p.key, p);
    pageByPath.set(p.path, p);
  }
}

/** Keys and paths declared twice (the later one would hide the earlier in the lookups). */
export function assertUniqueRegistry() {
  const dupKeys = pages.filter((p, i) => pages.findIndex((q) => q.key === p.key) !== i).map((p) => p.key);
  const dupPaths = pages.filter((p, i) => pages.findIndex((q) => q.path === p.path) !== i).map((p) => p.path);
  return { dupKeys, dupPaths };
}

/** Query values of a page link; undefined and null are left out (an optional filter not set). */
export type PageQuery = Record<string, string | number | undefined | null>;

/**
 * The route path of a page plus its query string: every page link is built here, so a path is written once (in its
 * feature's pages.ts). Throws for a key nothing registered (the registry is filled at start-up, before any render).
 */
export function pagePath(key: PageKey, query?: PageQuery): string {
  const page = pageByKey.get(key);
  if (!page) throw new Error(`pagePath: no page registered under the key "${key}"`);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  return search ? `${page.path}?${search}` : page.path;
}

/** The same link for a plain anchor or `location.hash` (the app uses hash routes). */
export function pageHref(key: PageKey, query?: PageQuery): string {
  return `#${pagePath(key, query)}`;
}
