import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// 售卡记录's drawer and refund dialog, opened from a row: their code (descriptions, the refund form) loads when first used.
export const CardDetailDrawer = lazyDialog(
  () => import('./CardDetailDrawer.tsx'),
  (m) => m.CardDetailDrawer,
  (p) => p.id != null,
);
export const RefundCardModal = lazyDialog(
  () => import('./RefundCardModal.tsx'),
  (m) => m.RefundCardModal,
  (p) => p.id != null,
);
// 卡项管理's 新增/编辑 form (the card product schema) loads when first opened.
export const CardProductForm = lazyDialog(
  () => import('./CardProductForm.tsx'),
  (m) => m.CardProductForm,
);
