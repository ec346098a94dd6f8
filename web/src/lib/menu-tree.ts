import type { MenuItem } from '@jz/contracts/menu';
import { pagePath } from './page-registry.ts';

/** routerUrl plus the query parsed from routerParam JSON (docs/spec-notes.md#routes); bad JSON is ignored with a console warning. */
export function menuHref(m: Pick<MenuItem, 'routerUrl' | 'routerParam'>) {
  const url = m.routerUrl ?? pagePath('home.index');
  if (!m.routerParam) return url;
  try {
    const params = JSON.parse(m.routerParam) as Record<string, unknown>;
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    return qs ? `${url}?${qs}` : url;
  } catch {
    console.warn(`menu routerParam is not JSON: ${m.routerParam}`);
    return url;
  }
}

/** Every page (ZICAIDAN) of the tree, depth first. */
export function leaves(tree: MenuItem[]): MenuItem[] {
  return tree.flatMap((m) => (m.type === 'ZICAIDAN' ? [m] : leaves(m.children ?? [])));
}

/** The folder ids from the root down to the page whose routerUrl is `path`. */
export function folderPathTo(tree: MenuItem[], path: string, trail: number[] = []): number[] | undefined {
  for (const m of tree) {
    if (m.type === 'ZICAIDAN' && m.routerUrl === path) return trail;
    if (m.children) {
      const found = folderPathTo(m.children, path, [...trail, m.id]);
      if (found) return found;
    }
  }
  return undefined;
}
