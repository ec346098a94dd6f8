import type { SelectProps } from 'antd';
import { Suspense, useState } from 'react';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { SelectFace } from './SelectFace.tsx';

const Plain = lazyPage(
  () => import('./RealSelect.tsx'),
  (m) => m.PlainSelect,
);

/**
 * A search form's select: its face (plain markup in the closed Select's look) paints with the list, antd's Select
 * (~22 KB gzip with its virtual list) downloads once the page has painted, or at once when the face is pressed, and
 * replaces it (opened, if that is why). Takes Select's props.
 */
export function DeferredSelect(props: SelectProps & { id?: string }) {
  const [open, setOpen] = useState(false);
  const ready = useAfterPaint();
  const face = (
    <SelectFace
      id={props.id}
      className="jz-lazy-select-fit"
      value={props.value}
      options={props.options}
      placeholder={props.placeholder}
      disabled={props.disabled}
      status={props.status}
      style={props.style}
      aria-label={props['aria-label']}
      onOpen={() => setOpen(true)}
      onWarm={Plain.preload}
    />
  );
  if (!ready && !open) return face;
  return (
    <Suspense fallback={face}>
      <Plain {...props} {...(open ? { defaultOpen: true, autoFocus: true } : {})} />
    </Suspense>
  );
}
