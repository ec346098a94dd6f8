import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

/**
 * 请假/休假 loaded when first opened (设为休假): the employee list and detail do not download its date-time range
 * picker and form for a dialog most visits never open. Same props as LeaveDialog.
 */
export const LazyLeaveDialog = lazyDialog(
  () => import('./LeaveDialog.tsx'),
  (m) => m.LeaveDialog,
);
