import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// 公告's form (its rich-text field, schema) loads when first opened, not with the list.
export const NoticeForm = lazyDialog(
  () => import('./NoticeForm.tsx'),
  (m) => m.NoticeForm,
);
