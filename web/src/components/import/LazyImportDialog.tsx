import { lazyDialog } from '../lazy-dialog.tsx';

/**
 * The Excel import dialog loaded when first opened: a list page with 批量导入 does not download its steps, upload,
 * report table and Result (with the import contract) before the merchant clicks it. Same props as ImportDialog.
 */
export const LazyImportDialog = lazyDialog(
  () => import('./ImportDialog.tsx'),
  (m) => m.ImportDialog,
);
