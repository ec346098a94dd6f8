import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

/** 调整排班, loaded when a cell is first clicked (its time-range fields stay out of the board's load). */
export const LazyExceptionModal = lazyDialog(
  () => import('./ExceptionModal.tsx'),
  (m) => m.ExceptionModal,
  (p) => p.target != null,
);
