import { Empty, Skeleton } from 'antd';
import type { EChartsOption } from 'echarts';
import { lazy, Suspense } from 'react';
import { useAfterPaint } from '../../../../lib/after-paint.ts';

const Impl = lazy(() => import('./ChartImpl.tsx'));
const HEIGHT = 320;

/**
 * An echarts chart. The library (200 KB gzip) loads after the page's figures have painted (useAfterPaint), in a box
 * of the chart's height meanwhile, so nothing moves when it draws; empty data shows 暂无数据.
 */
export function Chart({ option, empty, height = HEIGHT }: { option: EChartsOption; empty?: boolean; height?: number }) {
  const ready = useAfterPaint();
  if (empty) return <Empty description="暂无数据" />;
  const placeholder = (
    <div style={{ height }} aria-busy="true" data-testid="chart-placeholder">
      <Skeleton active paragraph={{ rows: 5 }} />
    </div>
  );
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Impl option={option} height={height} />
    </Suspense>
  );
}
