import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// A feedback's detail loads when a row is first opened.
export const FeedbackDetail = lazyDialog(
  () => import('./FeedbackDetail.tsx'),
  (m) => m.FeedbackDetail,
  (p) => p.item != null,
);
