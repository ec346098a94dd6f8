import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// The edit dialog (column table, the gen schemas) loads when first opened; the page mounts it only while editing.
export const GenEditDialog = lazyDialog(
  () => import('./GenEditDialog.tsx'),
  (m) => m.GenEditDialog,
  () => true,
);
