import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// 轮播图's form (upload, date pickers, schema) loads when first opened, not with the list.
export const BannerForm = lazyDialog(
  () => import('./BannerForm.tsx'),
  (m) => m.BannerForm,
);
