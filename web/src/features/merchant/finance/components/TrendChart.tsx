import type { TrendPoint } from '@jz/contracts/finance';
import { Empty, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

const Impl = lazy(() => import('./TrendChartImpl.tsx'));

export function TrendChart({ data, loading, height }: { data?: TrendPoint[]; loading?: boolean; height?: number }) {
  if (loading && !data) return <Skeleton active />;
  if (!data?.length) return <Empty description="暂无数据" />;
  return (
    <Suspense fallback={<Skeleton active />}>
      <Impl data={data} height={height} />
    </Suspense>
  );
}
