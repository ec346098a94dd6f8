import type { MenuItem } from '@jz/contracts/menu';
import CSSMotion from '@rc-component/motion';
import initCollapseMotion from 'antd/es/_util/motion';
import { ConfigContext } from 'antd/es/config-provider/context';
import useMenuStyle from 'antd/es/menu/style';
import { type KeyboardEvent, type ReactNode, useContext, useId, useMemo, useRef, useState } from 'react';
import { MenuIcon } from '../../components/icons/icon-map.tsx';

export interface PlainMenuProps {
  tree: MenuItem[];
  /** The selected page item's key (its id), if any. */
  selectedKey?: string;
  openKeys: string[];
  onOpenChange: (keys: string[]) => void;
  onPick: (item: MenuItem) => void;
  /** The collapsed sider's look (icons only, no folders open): what shows while antd's Menu loads for that mode. */
  collapsed?: boolean;
}

const INDENT = 24;

/** Does `m` hold the item with `key` somewhere below it? */
function holds(m: MenuItem, key: string | undefined): boolean {
  return !!key && !!m.children?.some((c) => String(c.id) === key || holds(c, key));
}

/**
 * The sidebar's menu in antd Menu's markup and styles (antd's own Menu CSS, from its style hook), without the Menu
 * component: rc-menu with its overflow measuring, popups and tooltips is most of the console frame's menu weight, and
 * the expanded sidebar needs none of it (docs/performance-browser.md). What it does is what antd's inline dark menu
 * did here: folders open and close with antd's collapse motion, the selected page and its folders are marked, items
 * light up under the pointer, disabled items do nothing, and the keyboard moves through the items (↑ ↓ Home End,
 * → opens a folder, ← closes it or goes to its folder, Enter and Space pick). The collapsed sider (icons with flyout
 * folders) is antd's Menu itself, loaded when the sider is first collapsed (SidebarCollapsed.tsx).
 */
export function PlainMenu({ tree, selectedKey, openKeys, onOpenChange, onPick, collapsed }: PlainMenuProps) {
  const { getPrefixCls } = useContext(ConfigContext);
  const p = getPrefixCls('menu');
  const rootCls = `${p}-css-var`;
  const [hashId, cssVarCls] = useMenuStyle(p, rootCls);
  const motion = useMemo(() => initCollapseMotion(getPrefixCls()), [getPrefixCls]);
  const [active, setActive] = useState<string | null>(null);
  const rootRef = useRef<HTMLUListElement>(null);
  const baseId = useId();

  const toggle = (key: string) =>
    onOpenChange(openKeys.includes(key) ? openKeys.filter((k) => k !== key) : [...openKeys, key]);

  // The visible items in order (folder titles and pages), for the keyboard.
  const focusables = () => [...(rootRef.current?.querySelectorAll<HTMLElement>('[data-menu-key]') ?? [])];
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = focusables().filter((el) => el.offsetParent !== null || !rootRef.current?.offsetParent);
    // The focus is on an item, or on the menu itself with an item lit (Tab into the menu lights the selected page).
    const at = items.findIndex(
      (el) => el === document.activeElement || (e.target === e.currentTarget && el.dataset.menuKey === active),
    );
    const el = items[at];
    const key = el?.dataset.menuKey;
    const go = (i: number) => {
      const next = items[(i + items.length) % items.length];
      if (next) {
        next.focus();
        setActive(next.dataset.menuKey ?? null);
      }
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at < 0 ? items.length - 1 : at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
    else if (e.key === 'ArrowRight' && el?.dataset.menuFolder && key && !openKeys.includes(key)) toggle(key);
    else if (e.key === 'ArrowLeft' && key) {
      if (el?.dataset.menuFolder && openKeys.includes(key)) toggle(key);
      else {
        const parent = el?.parentElement?.closest('li[role="none"]')?.querySelector<HTMLElement>('[data-menu-key]');
        if (parent) {
          parent.focus();
          setActive(parent.dataset.menuKey ?? null);
        }
      }
    } else if ((e.key === 'Enter' || e.key === ' ') && el) el.click();
    else return;
    e.preventDefault();
  };

  const render = (items: MenuItem[], level: number): ReactNode =>
    items.map((m) => {
      const key = String(m.id);
      const disabled = m.status === 1;
      // Icons on the first two levels (antd's Menu got them from Sidebar's items the same way).
      const icon = level <= 2 ? <MenuIcon name={m.icon} /> : null;
      const indent = collapsed ? undefined : { paddingLeft: INDENT * level };
      const hover = {
        onMouseEnter: () => setActive(key),
        onMouseLeave: () => setActive((a) => (a === key ? null : a)),
      };
      if (m.type !== 'CAIDAN') {
        const selected = key === selectedKey;
        return (
          <li
            key={key}
            className={[
              `${p}-item`,
              active === key && !disabled && `${p}-item-active`,
              selected && `${p}-item-selected`,
              disabled && `${p}-item-disabled`,
              !icon && `${p}-item-only-child`,
            ]
              .filter(Boolean)
              .join(' ')}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: antd Menu's markup (rc-menu's roles)
            role="menuitem"
            tabIndex={-1}
            aria-disabled={disabled}
            data-menu-key={key}
            style={indent}
            onClick={() => !disabled && onPick(m)}
            {...hover}
          >
            {icon}
            <span className={`${p}-title-content`}>{m.name}</span>
          </li>
        );
      }
      const open = !collapsed && openKeys.includes(key);
      const listId = `${baseId}-${key}-popup`;
      return (
        <li
          key={key}
          className={[
            `${p}-submenu`,
            `${p}-submenu-${collapsed ? 'vertical' : 'inline'}`,
            open && `${p}-submenu-open`,
            active === key && !disabled && `${p}-submenu-active`,
            holds(m, selectedKey) && `${p}-submenu-selected`,
            disabled && `${p}-submenu-disabled`,
          ]
            .filter(Boolean)
            .join(' ')}
          role="none"
        >
          <div
            role="menuitem"
            className={`${p}-submenu-title`}
            tabIndex={-1}
            aria-expanded={open}
            aria-haspopup="true"
            aria-controls={listId}
            aria-disabled={disabled}
            data-menu-key={key}
            data-menu-folder="1"
            style={indent}
            onClick={() => !disabled && !collapsed && toggle(key)}
            {...hover}
          >
            {icon}
            <span className={`${p}-title-content`}>{m.name}</span>
            <i className={`${p}-submenu-arrow`} />
          </div>
          {!collapsed && (
            <CSSMotion
              visible={open}
              {...motion}
              motionAppear={level === 1}
              removeOnLeave={false}
              leavedClassName={`${p}-hidden`}
            >
              {({ className, style }, ref) => (
                <ul
                  ref={ref}
                  id={listId}
                  className={[p, `${p}-sub`, `${p}-inline`, className].filter(Boolean).join(' ')}
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: antd Menu's markup (rc-menu's roles)
                  role="menu"
                  data-menu-list="true"
                  style={style}
                >
                  {render(m.children ?? [], level + 1)}
                </ul>
              )}
            </CSSMotion>
          )}
        </li>
      );
    });

  return (
    <ul
      ref={rootRef}
      className={[
        p,
        `${p}-root`,
        collapsed ? `${p}-vertical` : `${p}-inline`,
        `${p}-dark`,
        collapsed && `${p}-inline-collapsed`,
        hashId,
        cssVarCls,
        rootCls,
      ]
        .filter(Boolean)
        .join(' ')}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: antd Menu's markup (rc-menu's roles)
      role="menu"
      tabIndex={0}
      data-menu-list="true"
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        // Tabbing into the menu lights the selected page; the arrows move on from there.
        if (e.target === e.currentTarget && selectedKey) setActive(selectedKey);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setActive(null);
      }}
    >
      {render(tree, 1)}
    </ul>
  );
}
