import { Suspense, useState } from 'react';
import { lazyPage } from '../../lib/lazy-page.ts';
import { SelectFace } from './SelectFace.tsx';

const Real = lazyPage(
  () => import('./RealSelect.tsx'),
  (m) => m.PlainSelect,
);

interface Props {
  value: number;
  onChange: (size: number) => void;
  disabled?: boolean;
  className?: string;
  sizes: readonly number[];
}

/**
 * A table pager's 每页条数 (antd Pagination's `components.sizeChanger`): a face in the closed Select's look showing
 * "10 条/页"; antd's Select (~22 KB gzip) downloads when the pointer or the focus reaches it and opens on the press,
 * with the props antd's own size changer has. Lists rarely change it, and many have no other select.
 */
export function PageSizeSelect({ value, onChange, disabled, className, sizes }: Props) {
  const [open, setOpen] = useState(false);
  const options = sizes.map((n) => ({ value: n, label: `${n} 条/页` }));
  const face = (
    <SelectFace
      role="combobox"
      aria-label="每页条数"
      className={`jz-lazy-select-fit ${className ?? ''}`}
      value={value}
      options={options}
      disabled={disabled}
      onOpen={() => setOpen(true)}
      onWarm={Real.preload}
    />
  );
  if (!open) return face;
  return (
    <Suspense fallback={face}>
      <Real
        defaultOpen
        autoFocus
        showSearch
        popupMatchSelectWidth={false}
        getPopupContainer={(node) => node.parentNode as HTMLElement}
        aria-label="每页条数"
        className={className}
        options={options}
        value={value}
        disabled={disabled}
        onChange={(v: number) => onChange(v)}
      />
    </Suspense>
  );
}
