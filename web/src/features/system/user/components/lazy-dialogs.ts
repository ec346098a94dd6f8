import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// The user form loads when first opened, not with the list.
export const UserForm = lazyDialog(
  () => import('./UserForm.tsx'),
  (m) => m.UserForm,
);
// 重置密码, opened for a user from a row: loads when first opened.
export const RePasswordForm = lazyDialog(
  () => import('./RePasswordForm.tsx'),
  (m) => m.RePasswordForm,
  (p) => p.user != null,
);
