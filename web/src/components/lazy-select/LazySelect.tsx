import { DownOutlined } from '@ant-design/icons';
import type { SelectProps } from 'antd';
import { useState } from 'react';
import { lazyWidget } from '../lazy-widget.tsx';
import './lazy-select.css';

type Props = SelectProps & { 'aria-label': string };

/** The closed select in antd's look (middle size), from plain markup: the chosen option's label or the placeholder. */
function Face({ onOpen, onWarm, ...props }: Props & { onOpen?: () => void; onWarm?: () => void }) {
  const chosen = props.options?.find((o) => o.value === props.value && props.value != null);
  return (
    <button
      type="button"
      className="jz-lazy-select"
      style={props.style}
      aria-label={props['aria-label']}
      aria-haspopup="listbox"
      aria-expanded={false}
      disabled={props.disabled}
      onClick={onOpen}
      onPointerEnter={onWarm}
      onFocus={onWarm}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          onOpen?.();
        }
      }}
    >
      <span className="jz-lazy-select-value">
        {chosen ? chosen.label : <span className="jz-lazy-select-placeholder">{props.placeholder}</span>}
      </span>
      <DownOutlined className="jz-lazy-select-arrow" />
    </button>
  );
}

const Real = lazyWidget(
  () => import('./RealSelect.tsx'),
  (m) => m.RealSelect,
  (p: Props) => <Face {...p} />,
);

/**
 * A select that is always on screen but rarely used (the header's shop switcher, the home page's 固定常用页面): until
 * the user reaches it, its face is plain markup in the select's look; antd's Select (with its virtual list, ~25 KB
 * gzip: docs/performance-browser.md, the console frame as small as it can be) downloads when the pointer or the focus reaches it, and
 * replaces the face, opened, on the click (or ↓). Takes Select's props; `aria-label` names both.
 */
export function LazySelect(props: Props) {
  const [open, setOpen] = useState(false);
  if (open) return <Real {...props} />;
  return <Face {...props} onOpen={() => setOpen(true)} onWarm={Real.preload} />;
}
