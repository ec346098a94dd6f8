import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// The role form (permission tree, the role schema) loads when first opened, not with the sub-account list.
export const MerchantRoleForm = lazyDialog(
  () => import('./MerchantRoleForm.tsx'),
  (m) => m.MerchantRoleForm,
);
