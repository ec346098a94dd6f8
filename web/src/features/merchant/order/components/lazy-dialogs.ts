import { lazyDialog } from '../../../../components/lazy-dialog.tsx';
import { lazyWidget } from '../../../../components/lazy-widget.tsx';

// The order's drawer and the dialogs its actions open, for the pages that open them from a row or a card: their code
// (descriptions, timeline, map, the cancel form's schema) loads when first used, after the page has painted.
export const OrderDetailDrawer = lazyWidget(
  () => import('./OrderDetailDrawer.tsx'),
  (m) => m.OrderDetailDrawer,
);
export const AssignModal = lazyWidget(
  () => import('./AssignModal.tsx'),
  (m) => m.AssignModal,
);
export const CancelModal = lazyWidget(
  () => import('./CancelModal.tsx'),
  (m) => m.CancelModal,
);
export const RescheduleModal = lazyWidget(
  () => import('./RescheduleModal.tsx'),
  (m) => m.RescheduleModal,
);
// 接单's 拒单 dialog: its form and the contract's schemas load when it is first opened, not with the page.
export const CancelDialog = lazyDialog(
  () => import('./CancelModal.tsx'),
  (m) => m.CancelModal,
  (p) => p.order != null,
);
