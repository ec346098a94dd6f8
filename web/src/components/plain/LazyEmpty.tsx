import type { ReactNode } from 'react';
import { lazyWidget } from '../lazy-widget.tsx';

type Props = { simple?: boolean; description?: ReactNode; children?: ReactNode };

/**
 * antd's Empty, loaded when an empty state first shows (docs/performance-browser.md: lists and cards that have data
 * never need it, and it was in the first load of the home page and most routes). Meanwhile the same box with the
 * text: antd's margins and image height (simple: 40 px and 32 px above and below; default: 100 px), no image.
 */
export const LazyEmpty = lazyWidget(
  () => import('./empty.tsx'),
  (m) => m.RealEmpty,
  ({ simple, description, children }: Props) => (
    <div
      style={{
        margin: simple ? '32px 8px' : '0 8px',
        fontSize: 14,
        lineHeight: 1.5714285714285714,
        textAlign: 'center',
        color: simple ? 'rgba(0, 0, 0, 0.6)' : undefined,
      }}
    >
      <div style={{ height: simple ? 40 : 100, marginBottom: 8 }} />
      <div>{description ?? '暂无数据'}</div>
      {children && <div style={{ marginTop: 16 }}>{children}</div>}
    </div>
  ),
);
