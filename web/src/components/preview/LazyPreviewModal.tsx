import { useState } from 'react';
import { lazyWidget } from '../lazy-widget.tsx';
import type { PreviewModalProps } from './PreviewModal.tsx';

const Real = lazyWidget(
  () => import('./PreviewModal.tsx'),
  (m) => m.PreviewModal,
);

/**
 * PreviewModal loaded when first opened: an upload field's page does not download antd's Modal and Result (19 KB
 * gzip) for a preview the merchant may never open (docs/performance-browser.md). Kept once opened, so it closes
 * with its animation.
 */
export function LazyPreviewModal(props: PreviewModalProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used ? <Real {...props} /> : null;
}
