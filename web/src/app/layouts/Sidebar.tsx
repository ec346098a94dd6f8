import type { MenuItem } from '@jz/contracts/menu';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lazyWidget } from '../../components/lazy-widget.tsx';
import { folderPathTo, menuHref } from '../../lib/menu-tree.ts';
import { pageByPath } from '../registry.ts';
import { PlainMenu } from './PlainMenu.tsx';

const noop = () => {};

// The collapsed sider's flyout menu is antd's Menu, loaded when first needed (the header's toggle starts it when the
// pointer reaches it); meanwhile the same icons in the collapsed look.
const Collapsed = lazyWidget(
  () => import('./SidebarCollapsed.tsx'),
  (m) => m.SidebarCollapsed,
  (p: { tree: MenuItem[]; selectedKey?: string }) => (
    <PlainMenu tree={p.tree} selectedKey={p.selectedKey} openKeys={[]} onOpenChange={noop} onPick={noop} collapsed />
  ),
);
export const preloadCollapsedMenu = Collapsed.preload;

/**
 * A folder left with one entry (a role granting one page of it, an admin's own folder) is shown as that entry, at the
 * folder's place: no folder with a single child in the sidebar. A disabled folder disables what replaces it.
 */
export function collapseSingleFolders(tree: MenuItem[]): MenuItem[] {
  return tree.map((m) => {
    if (m.type !== 'CAIDAN' || !m.children) return m;
    const children = collapseSingleFolders(m.children);
    const only = children.length === 1 ? children[0] : undefined;
    if (only)
      return {
        ...only,
        parentId: m.parentId,
        sort: m.sort,
        icon: only.icon ?? m.icon,
        status: m.status === 1 ? 1 : only.status,
      };
    return { ...m, children };
  });
}

function index(
  tree: MenuItem[],
  into = new Map<string, MenuItem>(),
  parents = new Map<string, string[]>(),
  trail: string[] = [],
) {
  for (const m of tree) {
    into.set(String(m.id), m);
    parents.set(String(m.id), trail);
    if (m.children) index(m.children, into, parents, [...trail, String(m.id)]);
  }
  return { byKey: into, parents };
}

/**
 * docs/spec-notes.md#routes sidebar: server menu tree, status 1 disabled, one folder open at a time, routerParam as query; a folder with
 * a single page shows as that page.
 */
export function Sidebar({ tree: served, collapsed }: { tree: MenuItem[]; collapsed: boolean }) {
  const navigate = useNavigate();
  const tree = useMemo(() => collapseSingleFolders(served), [served]);
  const { pathname } = useLocation();
  const { byKey, parents } = useMemo(() => index(tree), [tree]);
  const selected = useMemo(() => {
    const own = [...byKey.values()].find((m) => m.type === 'ZICAIDAN' && m.routerUrl === pathname);
    if (own) return own;
    // Detail and form pages light up their menu parent.
    const parentKey = pageByPath.get(pathname)?.parentKey;
    return parentKey ? [...byKey.values()].find((m) => m.component === parentKey) : undefined;
  }, [byKey, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  useEffect(() => {
    if (!selected?.routerUrl) return;
    const trail = folderPathTo(tree, selected.routerUrl);
    if (trail) setOpenKeys(trail.map(String));
  }, [selected, tree]);

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((k) => !openKeys.includes(k));
    // Only one folder open at a time: keep the newly opened folder and its ancestors.
    setOpenKeys(opened ? [...(parents.get(opened) ?? []), opened] : keys);
  };

  const pick = (m: MenuItem | undefined) => {
    if (m && m.type === 'ZICAIDAN' && m.status !== 1) navigate(menuHref(m));
  };
  const selectedKey = selected ? String(selected.id) : undefined;
  if (collapsed) return <Collapsed tree={tree} selectedKey={selectedKey} onPick={(key) => pick(byKey.get(key))} />;
  return (
    <PlainMenu
      tree={tree}
      selectedKey={selectedKey}
      openKeys={openKeys}
      onOpenChange={onOpenChange}
      onPick={(m) => pick(m)}
    />
  );
}
