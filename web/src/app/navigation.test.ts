import { flattenMenuSeeds, type MenuSeed } from '@jz/contracts/menu';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { literals, sourceFiles } from '../../test/source-literals.ts';
import { pageByKey } from './registry.ts';

/**
 * Navigation (docs/navigation.md): one page, one name — the sidebar (menu catalogue), the breadcrumbs and the page header
 * (registry title) call a page the same, and no page is reached from two menu rows. The server's menus.test.ts holds
 * the catalogue's own rules (no folder with one entry, no folder named like its page, the upgrade of old databases).
 */
const menuFiles = import.meta.glob<{ menus: MenuSeed[] }>('../../../packages/contracts/src/menus/*.ts', {
  eager: true,
});
const seeded = flattenMenuSeeds(Object.values(menuFiles).flatMap((m) => m.menus));
const menuPages = seeded.filter((m) => m.type === 'ZICAIDAN');
const srcDir = join(__dirname, '..');

describe('navigation: one page, one name', () => {
  it('names each menu page as its page names itself (registry title)', () => {
    const differ = menuPages
      .filter((m) => m.component && pageByKey.get(m.component)?.title !== m.name)
      .map((m) => `${m.key}: menu 「${m.name}」, page 「${m.component && pageByKey.get(m.component)?.title}」`);
    expect(differ).toEqual([]);
  });

  it('has no two menu pages of one scope under one name, and no page under two menu rows', () => {
    const same = (a: MenuSeed, b: MenuSeed) =>
      a.scope === b.scope && (a.name === b.name || a.component === b.component);
    const twice = menuPages.filter((m, i) => menuPages.findIndex((p) => same(p, m)) !== i).map((m) => m.key);
    expect(twice).toEqual([]);
  });

  it('keeps the developer page 组件示例 out of the product: no menu row, no link (docs/navigation.md)', () => {
    expect(pageByKey.get('sys.widgets')?.title).toBe('组件示例');
    expect(seeded.filter((m) => m.component === 'sys.widgets' || m.routerUrl === '/sys/widgets')).toEqual([]);
    // The key and the name appear only in the page's declaration and the page itself: nothing links to it.
    const own = (name: string) => name === 'pages.ts' || name === 'WidgetsPage.tsx';
    const linking = sourceFiles(srcDir, own).flatMap((file) =>
      literals(file)
        .filter((l) => l.text === 'sys.widgets' || l.text === '组件示例')
        .map((l) => `${relative(srcDir, file)}:${l.line}`),
    );
    expect(linking).toEqual([]);
  });
});
