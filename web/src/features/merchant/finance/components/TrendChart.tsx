import type { TrendPoint } from '@jz/contracts/finance';
import { Empty, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useAfterPaint } from '../../../../lib/after-paint.ts';

const Impl = lazy(() => import('./TrendChartImpl.tsx'));
const HEIGHT = 340;

/**
 * Income and expense trend. The chart library loads after the page's figures have painted (useAfterPaint), in a box
 * of the chart's height meanwhile.
 */
export function TrendChart({
  data,
  loading,
  height = HEIGHT,
}: {
  data?: TrendPoint[];
  loading?: boolean;
  height?: number;
}) {
  const ready = useAfterPaint();
  const placeholder = (
    <div style={{ height }} aria-busy="true" data-testid="chart-placeholder">
      <Skeleton active paragraph={{ rows: 5 }} />
    </div>
  );
  if (loading && !data) return placeholder;
  if (!data?.length) return <Empty description="暂无数据" />;
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Impl data={data} height={height} />
    </Suspense>
  );
}
