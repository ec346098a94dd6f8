import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// 驳回 loads when first opened, not with the list (its Modal, Form and text area).
export const RejectModal = lazyDialog(
  () => import('./RejectModal.tsx'),
  (m) => m.RejectModal,
  (p) => p.row != null,
);
