import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// 周期服务's detail drawer (with its change-rule and end dialogs) and form load when first opened, not with the list.
export const PlanDetailDrawer = lazyDialog(
  () => import('./PlanDetailDrawer.tsx'),
  (m) => m.PlanDetailDrawer,
  (p) => p.id != null,
);
export const PlanFormModal = lazyDialog(
  () => import('./PlanFormModal.tsx'),
  (m) => m.PlanFormModal,
);
// 编辑 from a row while its plan loads (or failed to): Modal stays off the list's first load.
export const PlanLoadingModal = lazyDialog(
  () => import('./PlanLoadingModal.tsx'),
  (m) => m.PlanLoadingModal,
);
