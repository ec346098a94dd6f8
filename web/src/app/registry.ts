import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * One page of the console. Each feature folder declares its pages in a `pages.ts`; this registry gathers them all,
 * and the router, the sidebar's component lookup and the breadcrumbs come from it. Server menu rows name `key`.
 */
export interface PageDef {
  key: string;
  /** The route path (spec §2 fixes the merchant ones, e.g. /shangpinguanli). */
  path: string;
  title: string;
  component: LazyExoticComponent<ComponentType>;
  /** Shown only to users holding this code (the server enforces it again on every call). */
  perm?: string;
  /** Pages reachable without a menu entry of their own (details, add/edit forms) name their menu parent here. */
  parentKey?: string;
}

const modules = import.meta.glob<{ pages: PageDef[] }>('../features/**/pages.ts', { eager: true });

export const pages: PageDef[] = Object.values(modules).flatMap((m) => m.pages);
export const pageByKey = new Map(pages.map((p) => [p.key, p]));
export const pageByPath = new Map(pages.map((p) => [p.path, p]));

export function assertUniqueRegistry() {
  const dupKeys = pages.filter((p, i) => pages.findIndex((q) => q.key === p.key) !== i).map((p) => p.key);
  const dupPaths = pages.filter((p, i) => pages.findIndex((q) => q.path === p.path) !== i).map((p) => p.path);
  return { dupKeys, dupPaths };
}
