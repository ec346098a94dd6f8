import type { TrendPoint } from '@jz/contracts/finance';
import ReactECharts from 'echarts-for-react';
import { yuan } from './money.ts';

/** Income and expense per day/month (yuan), as lines with area. Loaded lazily: echarts is large. */
export default function TrendChartImpl({ data, height = 340 }: { data: TrendPoint[]; height?: number }) {
  const option = {
    animationDuration: 300,
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => yuan(Math.round(v * 100)) },
    legend: { data: ['收入', '支出'], top: 0 },
    grid: { left: 60, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: data.map((p) => p.date), boundaryGap: false },
    yAxis: { type: 'value', name: '元' },
    series: [
      {
        name: '收入',
        type: 'line',
        smooth: true,
        areaStyle: { opacity: 0.15 },
        itemStyle: { color: '#52c41a' },
        data: data.map((p) => p.income / 100),
      },
      {
        name: '支出',
        type: 'line',
        smooth: true,
        areaStyle: { opacity: 0.15 },
        itemStyle: { color: '#ff4d4f' },
        data: data.map((p) => p.expense / 100),
      },
    ],
  };
  return <ReactECharts option={option} style={{ height }} notMerge opts={{ renderer: 'svg' }} />;
}
