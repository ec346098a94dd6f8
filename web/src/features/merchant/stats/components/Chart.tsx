import { Empty, Skeleton } from 'antd';
import type { EChartsOption } from 'echarts';
import { lazy, Suspense } from 'react';

const Impl = lazy(() => import('./ChartImpl.tsx'));

/** An echarts chart, loaded lazily (echarts is large); empty data shows 暂无数据. */
export function Chart({ option, empty, height }: { option: EChartsOption; empty?: boolean; height?: number }) {
  if (empty) return <Empty description="暂无数据" />;
  return (
    <Suspense fallback={<Skeleton active />}>
      <Impl option={option} height={height} />
    </Suspense>
  );
}
