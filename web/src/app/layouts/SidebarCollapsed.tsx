import type { MenuItem } from '@jz/contracts/menu';
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { MenuIcon } from '../../components/icons/icon-map.tsx';

type Item = Required<MenuProps>['items'][number];

function toItems(tree: MenuItem[], depth = 0): Item[] {
  return tree.map((m) => {
    const common = {
      key: String(m.id),
      icon: depth < 2 ? <MenuIcon name={m.icon} /> : undefined,
      label: m.name,
      disabled: m.status === 1,
    };
    if (m.type === 'CAIDAN') return { ...common, children: toItems(m.children ?? [], depth + 1) };
    return common;
  });
}

/**
 * The collapsed sider's menu: antd's Menu (icons, a tooltip per page, folders as flyouts), loaded when the sider is
 * first collapsed (Sidebar.tsx); the expanded sider is PlainMenu.
 */
export function SidebarCollapsed({
  tree,
  selectedKey,
  onPick,
}: {
  tree: MenuItem[];
  selectedKey?: string;
  onPick: (key: string) => void;
}) {
  const items = useMemo(() => toItems(tree), [tree]);
  return (
    <Menu
      mode="inline"
      theme="dark"
      inlineCollapsed
      items={items}
      selectedKeys={selectedKey ? [selectedKey] : []}
      onClick={({ key }) => onPick(key)}
    />
  );
}
