import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * The tree-shaken ECharts of the console: only the charts and components registered here are
 * bundled, and only those the console's charts draw (line, bar, pie; axes, tooltip, legend):
 * no title, data zoom, toolbox or mark components, which every page showing a chart would
 * otherwise download. The legend is the plain one (it wraps onto more lines): the scrolling
 * legend's paging added ~4 KB gzip to every chart page (issue 10 item 4). An area needing another part registers it with `echarts.use` (importing
 * it from its own file, so only that area pays for it) before drawing.
 */
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendPlainComponent,
  CanvasRenderer,
]);

export { type ChartColors, type ChartOption, chartColorsOf, echartsThemeOf } from './chart-theme.ts';
export { echarts };
