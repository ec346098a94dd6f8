import { flattenMenuSeeds, type MenuSeed } from '@jz/contracts/menu';
import { collectPageKeys, menuPageKeys, type PageKeyFile, subPageKeys } from '@jz/contracts/page-keys';
import { describe, expect, it } from 'vitest';
import { assertUniqueRegistry, pageByKey, pages } from './registry.ts';

const menuFiles = import.meta.glob<{ menus: MenuSeed[] } & PageKeyFile>('../../../packages/contracts/src/menus/*.ts', {
  eager: true,
});
const seeded = flattenMenuSeeds(Object.values(menuFiles).flatMap((m) => m.menus));

/** Keys in `a` that are not in `b`. */
const minus = (a: Iterable<string>, b: Iterable<string>) => {
  const bs = new Set(b);
  return [...a].filter((k) => !bs.has(k)).sort();
};

describe('route registry', () => {
  it('has a component for every component key a seeded menu names (no silent 404 like RuoYi)', () => {
    const missing = seeded
      .filter((m) => m.component && !pageByKey.has(m.component))
      .map((m) => `${m.key} -> ${m.component}`);
    expect(missing).toEqual([]);
  });

  it('every seeded page has a route url and the registry path of its component', () => {
    const wrong = seeded
      .filter((m) => m.type === 'ZICAIDAN')
      .filter((m) => !m.routerUrl || (m.component && pageByKey.get(m.component)?.path !== m.routerUrl.split('?')[0]))
      .map((m) => m.key);
    expect(wrong).toEqual([]);
  });

  it('has unique keys and paths', () => {
    expect(assertUniqueRegistry()).toEqual({ dupKeys: [], dupPaths: [] });
  });

  // The server refuses a menu whose component is not in @jz/contracts/page-keys: the list must be the registry's.
  it('lists every menu page of the registry in contracts page-keys, and no other key', () => {
    const registry = pages.filter((p) => !p.parentKey).map((p) => p.key);
    const listed = collectPageKeys(Object.values(menuFiles));
    expect(minus(registry, listed), 'pages without their key in page-keys.ts (or a generated menu file)').toEqual([]);
    expect(minus(listed, registry), 'stale keys in page-keys.ts: no such menu page in the registry').toEqual([]);
  });

  it('lists the pages reached from other pages (parentKey) apart, and no key twice', () => {
    const registry = pages.filter((p) => p.parentKey).map((p) => p.key);
    expect(minus(registry, subPageKeys), 'sub-pages missing from subPageKeys').toEqual([]);
    expect(minus(subPageKeys, registry), 'stale keys in subPageKeys').toEqual([]);
    const all = [...menuPageKeys, ...subPageKeys, ...Object.values(menuFiles).flatMap((f) => f.pageKeys ?? [])];
    expect(all.filter((k, i) => all.indexOf(k) !== i)).toEqual([]);
  });
});
