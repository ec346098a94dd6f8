import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// The resource form (new link/folder, rename) loads when first opened, not with the list.
export const ResourceForm = lazyDialog(
  () => import('./ResourceForms.tsx'),
  (m) => m.ResourceForm,
);
