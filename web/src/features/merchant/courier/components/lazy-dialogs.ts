import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// 快递下单's form and detail drawer load when first opened, not with the list.
export const CourierForm = lazyDialog(
  () => import('./CourierForm.tsx'),
  (m) => m.CourierForm,
);
export const CourierDetailDrawer = lazyDialog(
  () => import('./CourierDetailDrawer.tsx'),
  (m) => m.CourierDetailDrawer,
  (p) => p.id != null,
);
