import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// The menu form (its icon picker, tree select) loads when first opened, not with the list.
export const MenuForm = lazyDialog(
  () => import('./MenuForm.tsx'),
  (m) => m.MenuForm,
);
