/**
 * What `import ReactECharts from 'echarts-for-react'` resolves to (alias in vite.config.ts): the same component bound
 * to an echarts core with only the charts and components the console draws (line, bar, pie; grid, tooltip, legend, mark line;
 * title, dataset; canvas and SVG renderers), instead of the whole library (about 360 KB gzip down to about 150 KB). A chart type not registered
 * here does not render: register it below when a page starts using one.
 */
import EChartsReactCore from 'echarts-for-react/esm/core';
import type { EChartsReactProps } from 'echarts-for-react/esm/types';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
  SVGRenderer,
]);

export default function ReactECharts(props: Omit<EChartsReactProps, 'echarts'>) {
  return <EChartsReactCore echarts={echarts} {...props} />;
}
