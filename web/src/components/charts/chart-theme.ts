import type { EChartsCoreOption } from 'echarts/core';
import type { ResolvedTheme } from '../../app/theme.ts';

/**
 * What a chart looks like, without ECharts itself: the chart component loads ECharts only when
 * its chart comes into view (issue 21 item 2), and these are needed before.
 */
export type ChartOption = EChartsCoreOption;

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
