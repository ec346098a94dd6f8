import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// 提交反馈 loads when first opened: its form, upload and the contract's schema are not needed to read the page.
export const FeedbackForm = lazyDialog(
  () => import('./FeedbackForm.tsx'),
  (m) => m.FeedbackForm,
);
