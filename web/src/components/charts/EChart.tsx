import { type CSSProperties, useEffect, useMemo, useRef } from 'react';
import { useResolvedTheme } from '../../app/theme.ts';
import { type ChartOption, chartColorsOf, echarts, echartsThemeOf } from './echarts.ts';

/** Charts waiting to be drawn, one a task (see `drawSoon`). */
const pendingDraws: Array<() => void> = [];

/**
 * Runs `draw` in a task of its own, after the ones queued before it: creating a chart and
 * drawing its first frame takes tens of milliseconds, so doing it inside React's commit (or two
 * charts in one task) made one long task that blocked input (issue 10 item 4, Lighthouse TBT).
 * Returns a cancel for an unmounted chart.
 */
function drawSoon(draw: () => void): () => void {
  pendingDraws.push(draw);
  if (pendingDraws.length === 1) setTimeout(drawNext, 0);
  return () => {
    const index = pendingDraws.indexOf(draw);
    if (index > 0) pendingDraws.splice(index, 1);
    // The head is being waited for: leave a no-op so the timer's shift stays in step.
    else if (index === 0) pendingDraws[0] = () => {};
  };
}

function drawNext() {
  pendingDraws.shift()?.();
  if (pendingDraws.length > 0) setTimeout(drawNext, 0);
}

export interface EChartProps {
  option: ChartOption;
  height?: number;
  /** The chart's accessible name (a canvas has no text of its own). */
  ariaLabel: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * One ECharts chart: initialised lazily (once its box has a size, so a hidden keep-alive tab
 * costs nothing), re-themed live when dark mode or the brand colour changes, resized with its
 * box, disposed on unmount. `data-chart-theme` and `data-chart-text` tell tests the theme drawn.
 */
export function EChart({ option, height = 320, ariaLabel, style, 'data-testid': testId }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const theme = useResolvedTheme();
  const themeObject = useMemo(() => echartsThemeOf(theme), [theme]);
  const latestOption = useRef(option);
  latestOption.current = option;

  // (Re)create the instance for the theme; the first one waits for the box to have a size.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let cancelDraw: (() => void) | undefined;
    const init = () => {
      if (chart.current || cancelDraw || element.clientWidth === 0 || element.clientHeight === 0) return;
      cancelDraw = drawSoon(() => {
        cancelDraw = undefined;
        if (chart.current || element.clientWidth === 0 || element.clientHeight === 0) return;
        chart.current = echarts.init(element, themeObject);
        chart.current.setOption(latestOption.current);
      });
    };
    const observer = new ResizeObserver(() => {
      if (chart.current) chart.current.resize();
      else init();
    });
    observer.observe(element);
    init();
    return () => {
      observer.disconnect();
      cancelDraw?.();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [themeObject]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={ariaLabel}
      data-testid={testId}
      data-chart-theme={theme.isDark ? 'dark' : 'light'}
      data-chart-text={chartColorsOf(theme.isDark).text}
      data-chart-palette={theme.chartPalette.join(',')}
      style={{ width: '100%', height, ...style }}
    />
  );
}
