import { flattenMenuSeeds, type MenuSeed } from '@jz/contracts/menu';
import { describe, expect, it } from 'vitest';
import { assertUniqueRegistry, pageByKey } from './registry.ts';

const menuFiles = import.meta.glob<{ menus: MenuSeed[] }>('../../../packages/contracts/src/menus/*.ts', {
  eager: true,
});
const seeded = flattenMenuSeeds(Object.values(menuFiles).flatMap((m) => m.menus));

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
});
