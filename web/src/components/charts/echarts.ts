import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { ResolvedTheme } from '../../app/theme.ts';

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

export { echarts };
export type ChartOption = echarts.EChartsCoreOption;

export interface ChartColors {
  text: string;
  secondaryText: string;
  axisLine: string;
  splitLine: string;
  tooltipBackground: string;
}

/** Neutral colours of a chart in the light or dark theme (antd's text and border tokens). */
export function chartColorsOf(isDark: boolean): ChartColors {
  return isDark
    ? {
        text: 'rgba(255, 255, 255, 0.85)',
        secondaryText: 'rgba(255, 255, 255, 0.45)',
        axisLine: '#424242',
        splitLine: '#303030',
        tooltipBackground: '#1f1f1f',
      }
    : {
        text: 'rgba(0, 0, 0, 0.88)',
        secondaryText: 'rgba(0, 0, 0, 0.45)',
        axisLine: '#d9d9d9',
        splitLine: '#f0f0f0',
        tooltipBackground: '#ffffff',
      };
}

/** An ECharts theme object from the console theme: the 8-colour palette and neutral colours. */
export function echartsThemeOf(theme: ResolvedTheme): object {
  const c = chartColorsOf(theme.isDark);
  const axis = {
    axisLine: { lineStyle: { color: c.axisLine } },
    axisTick: { lineStyle: { color: c.axisLine } },
    axisLabel: { color: c.secondaryText },
    splitLine: { lineStyle: { color: [c.splitLine] } },
    nameTextStyle: { color: c.secondaryText },
  };
  return {
    color: [...theme.chartPalette],
    backgroundColor: 'transparent',
    textStyle: { color: c.text },
    title: { textStyle: { color: c.text }, subtextStyle: { color: c.secondaryText } },
    legend: { textStyle: { color: c.text } },
    tooltip: {
      backgroundColor: c.tooltipBackground,
      borderColor: c.axisLine,
      textStyle: { color: c.text },
    },
    categoryAxis: axis,
    valueAxis: axis,
    timeAxis: axis,
  };
}
