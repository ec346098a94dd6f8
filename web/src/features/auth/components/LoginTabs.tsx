import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import './login-tabs.css';

export interface LoginTab {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * The login screen's two tabs in the look of antd's Tabs (line, ink bar) without it: Tabs brings its overflow menu,
 * dropdown and motion, 18 KB gzip on the smallest download of the app (docs/performance.md). WAI-ARIA tabs: one tab stop, arrow
 * keys, Home and End move between tabs; a panel, once shown, stays mounted (its fields keep what was typed).
 */
export function LoginTabs({ items, defaultActiveKey }: { items: LoginTab[]; defaultActiveKey?: string }) {
  const [active, setActive] = useState(defaultActiveKey ?? items[0].key);
  const [shown, setShown] = useState(() => new Set([active]));
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const select = (key: string, focus = false) => {
    setActive(key);
    setShown((s) => (s.has(key) ? s : new Set(s).add(key)));
    if (focus) refs.current.get(key)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const i = items.findIndex((t) => t.key === active);
    const to = {
      ArrowRight: i + 1,
      ArrowDown: i + 1,
      ArrowLeft: i - 1,
      ArrowUp: i - 1,
      Home: 0,
      End: items.length - 1,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    select(items[(to + items.length) % items.length].key, true);
  };
  return (
    <div className="jz-login-tabs">
      <div className="jz-login-tabs-nav" role="tablist" onKeyDown={onKeyDown}>
        {items.map((t) => (
          <button
            key={t.key}
            ref={(el) => {
              if (el) refs.current.set(t.key, el);
            }}
            type="button"
            role="tab"
            id={`jz-login-tab-${t.key}`}
            aria-selected={t.key === active}
            aria-controls={`jz-login-panel-${t.key}`}
            tabIndex={t.key === active ? 0 : -1}
            className={t.key === active ? 'jz-login-tab jz-login-tab-active' : 'jz-login-tab'}
            onClick={() => select(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items.map((t) =>
        shown.has(t.key) ? (
          <div
            key={t.key}
            role="tabpanel"
            id={`jz-login-panel-${t.key}`}
            aria-labelledby={`jz-login-tab-${t.key}`}
            hidden={t.key !== active}
          >
            {t.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
