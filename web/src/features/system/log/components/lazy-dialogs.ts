import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// A log's detail loads when a row is first opened.
export const LogDetail = lazyDialog(
  () => import('./LogDetail.tsx'),
  (m) => m.LogDetail,
  (p) => p.id != null,
);
