import { type ComponentType, createElement, type ReactNode, Suspense } from 'react';
import { lazyPage } from '../lib/lazy-page.ts';

/**
 * `lazyWidget(() => import('./X.tsx'), (m) => m.X)`: a component whose code downloads when it first renders, not
 * with the page (docs/performance.md; drawers, dialogs and heavy widgets stay out of a route's first paint). Renders
 * `fallback` meanwhile: nothing by default (closed drawers and dialogs draw nothing anyway); give a placeholder of
 * the widget's size (or a function of its props) for one that shows at once, so the page does not shift when it arrives. Chunk failures and the
 * 120-second timeout behave as for pages (lazyPage, ChunkErrorBoundary above).
 */
export function lazyWidget<M, P extends object>(
  factory: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
  fallback: ReactNode | ((props: P) => ReactNode) = null,
): ComponentType<P> & { preload: () => void } {
  const Lazy = lazyPage(factory, pick);
  // biome-ignore lint/correctness/noComponentHookFactories: one stable component per lazyWidget() call, made at module load
  function LazyWidget(props: P) {
    return (
      <Suspense fallback={typeof fallback === 'function' ? fallback(props) : fallback}>
        {createElement(Lazy, props as never)}
      </Suspense>
    );
  }
  return Object.assign(LazyWidget, { preload: Lazy.preload });
}
