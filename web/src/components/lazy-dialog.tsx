import { Spin } from 'antd';
import { type ComponentType, useEffect, useState } from 'react';
import { lazyWidget } from './lazy-widget.tsx';

/** The console's "拼命加载中" (as app/FullScreenSpin), shown only if the dialog's chunk takes more than 400 ms. */
function DialogLoading() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setShow(true), 400);
    return () => clearTimeout(t);
  }, []);
  return show ? <Spin fullscreen description="拼命加载中" /> : null;
}

/**
 * `lazyDialog(() => import('./X.tsx'), (m) => m.X)`: a dialog or drawer whose code (and what only it uses: antd's
 * Modal, pickers, a contract's schemas) downloads when it is first opened, not with the page that can open it
 * (docs/performance-browser.md). Nothing renders until it is first open (`open`, or what `isOpen` reads: a drawer
 * opened by an id); a first opening that waits for the
 * chunk shows the console's "拼命加载中" after 400 ms. Once opened it stays mounted, so it closes with its animation and
 * the same markup as the dialog imported directly.
 */
export function lazyDialog<M, P extends object>(
  factory: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
  isOpen: (props: P) => boolean = (props) => !!(props as { open?: boolean }).open,
): ComponentType<P> & { preload: () => void } {
  const Real = lazyWidget(factory, pick, <DialogLoading />);
  // biome-ignore lint/correctness/noComponentHookFactories: one stable component per lazyDialog() call, made at module load
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [used, setUsed] = useState(open);
    if (open && !used) setUsed(true);
    return used ? <Real {...props} /> : null;
  }
  return Object.assign(LazyDialog, { preload: Real.preload });
}
