import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

/**
 * 工作时间冲突 loaded when first opened (a save whose new hours leave assigned orders outside them): the employee form
 * does not download the dialog's Modal and Alert for a question most saves never ask. Same props as HoursConflictDialog.
 */
export const LazyHoursConflictDialog = lazyDialog(
  () => import('./HoursConflictDialog.tsx'),
  (m) => m.HoursConflictDialog,
);
