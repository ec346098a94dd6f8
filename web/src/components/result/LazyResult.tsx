import { lazyWidget } from '../lazy-widget.tsx';

/**
 * antd's `Result` for states most visits never reach (no permission, unknown address, a failed session load): its
 * illustrations download when one is shown, not with the console frame of every route. Same props as `Result`.
 */
export const LazyResult = lazyWidget(
  () => import('./ant-result.ts'),
  (m) => m.Result,
);
