import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// The role form (its menu tree) loads when first opened, not with the list.
export const RoleForm = lazyDialog(
  () => import('./RoleForm.tsx'),
  (m) => m.RoleForm,
);
