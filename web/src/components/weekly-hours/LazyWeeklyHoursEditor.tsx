import { Skeleton } from 'antd';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { WeeklyHoursEditor } from './WeeklyHoursEditor.tsx';

const Editor = lazy(() => import('./WeeklyHoursEditor.tsx').then((m) => ({ default: m.WeeklyHoursEditor })));

/**
 * The weekly hours editor loaded when shown: pages that hold it below the fold (店铺信息's settings) keep its scripts
 * out of their first load. A Form.Item's direct child, so value and onChange reach it.
 */
export function LazyWeeklyHoursEditor(props: ComponentProps<typeof WeeklyHoursEditor>) {
  return (
    <Suspense fallback={<Skeleton.Input active size="small" />}>
      <Editor {...props} />
    </Suspense>
  );
}
