import type { EChartsOption } from 'echarts';
import ReactECharts from 'echarts-for-react';

export default function ChartImpl({ option, height = 320 }: { option: EChartsOption; height?: number }) {
  return (
    <ReactECharts
      option={{ animationDuration: 300, ...option }}
      style={{ height }}
      notMerge
      opts={{ renderer: 'svg' }}
    />
  );
}
