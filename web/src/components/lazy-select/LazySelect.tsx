import type { SelectProps } from 'antd';
import { useState } from 'react';
import { lazyWidget } from '../lazy-widget.tsx';
import { type FaceProps, SelectFace } from './SelectFace.tsx';

type Props = SelectProps & { 'aria-label': string };

/** What the face shows of the select's props (the rest is antd's, for when it is there). */
const faceProps = (p: Props): FaceProps => ({
  value: p.value,
  options: p.options,
  placeholder: p.placeholder,
  disabled: p.disabled,
  style: p.style,
  'aria-label': p['aria-label'],
});

const Real = lazyWidget(
  () => import('./RealSelect.tsx'),
  (m) => m.RealSelect,
  (p: Props) => <SelectFace {...faceProps(p)} />,
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
  return <SelectFace {...faceProps(props)} onOpen={() => setOpen(true)} onWarm={Real.preload} />;
}
