import type { MenuItem } from '@jz/contracts/menu';
import { useQuery } from '@tanstack/react-query';
import { ConfigContext } from 'antd/es/config-provider/context';
import useBreadcrumbStyle from 'antd/es/breadcrumb/style';
import { Fragment, type ReactNode, useContext, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { folderPathTo } from '../lib/menu-tree.ts';
import { type PageDef, pageByKey } from '../lib/page-registry.ts';
import { menuQuery } from '../lib/queries.ts';
import { PageLink } from './PageLink.tsx';

/** The id of the header's right-hand slot; pages put their primary action there with <PageAction>. */
export const PAGE_ACTION_SLOT = 'jz-page-actions';

function folderNames(tree: MenuItem[], ids: number[]) {
  const names: string[] = [];
  let level = tree;
  for (const id of ids) {
    const f = level.find((m) => m.id === id);
    if (!f) break;
    names.push(f.name);
    level = f.children ?? [];
  }
  return names;
}

/** Breadcrumb trail of a registry page: 首页 / menu folders / parent page (for detail and form pages) / title. */
export function crumbsOf(page: PageDef, tree: MenuItem[], title = page.title) {
  const chain: PageDef[] = [page];
  for (let p = page; p.parentKey; ) {
    const parent = pageByKey.get(p.parentKey);
    if (!parent || chain.includes(parent)) break;
    chain.unshift(parent);
    p = parent;
  }
  const folders = folderNames(tree, folderPathTo(tree, chain[0].path) ?? []);
  const items: { title: ReactNode; key: string }[] = [];
  if (page.key !== 'home.index') items.push({ key: 'home', title: <PageLink page="home.index">首页</PageLink> });
  for (const [i, f] of folders.entries()) items.push({ key: `f${i}`, title: f });
  // A parent page the user may not open (账号详情 without 子账号与权限's code) is named, not linked.
  for (const p of chain.slice(0, -1)) items.push({ key: p.key, title: <PageLink page={p}>{p.title}</PageLink> });
  items.push({ key: page.key, title });
  return items;
}

/**
 * The trail in antd Breadcrumb's markup and styles (its own CSS, from its style hook), without the component: it
 * imports Dropdown and Menu for items with a menu, which the trail never has, and it was in the console frame of
 * every route (docs/performance-browser.md).
 */
function Crumbs({ items }: { items: { title: ReactNode; key: string }[] }) {
  const { getPrefixCls } = useContext(ConfigContext);
  const p = getPrefixCls('breadcrumb');
  const [hashId, cssVarCls] = useBreadcrumbStyle(p);
  return (
    <nav className={`${p} jz-page-crumbs ${hashId} ${cssVarCls}`}>
      <ol>
        {items.map((item, i) => (
          <Fragment key={item.key}>
            {i > 0 && (
              <li className={`${p}-separator`} aria-hidden="true">
                /
              </li>
            )}
            <li className={`${p}-item`}>
              <span className={`${p}-link`}>{item.title}</span>
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The consistent header of every page (docs/ux-states.md): breadcrumbs from the route registry and the user's menu tree, the
 * page title, and a slot on the right for the page's primary action. Rendered by the layout, so pages need no change.
 */
export function PageHeader({ page, extra, title = page.title }: { page: PageDef; extra?: ReactNode; title?: string }) {
  const { data: tree = [] } = useQuery(menuQuery);
  return (
    <div className="jz-page-header">
      <div className="jz-page-header-main">
        <Crumbs items={crumbsOf(page, tree, title)} />
        <h1 className="jz-page-title">{title}</h1>
      </div>
      <div className="jz-page-header-extra" id={PAGE_ACTION_SLOT}>
        {extra}
      </div>
    </div>
  );
}

/** Puts a page's primary action (e.g. a 新增 button) into the header's right-hand slot. */
export function PageAction({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(PAGE_ACTION_SLOT)), []);
  return slot ? createPortal(children, slot) : null;
}
