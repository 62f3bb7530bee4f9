import { type CSSProperties, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useResolvedTheme } from '../../app/theme.ts';
import { useSeen } from '../use-seen.ts';
import { type ChartOption, chartColorsOf, echartsThemeOf } from './chart-theme.ts';
import type { echarts } from './echarts.ts';

type ECharts = typeof echarts;

/**
 * ECharts (~180 KB gzip) loads with the first chart that comes into view, not with the page
 * (issue 21 item 2): a phone opening the statistics page sees its balance first, the charts
 * below the fold. A chart out of view loads it a few seconds later all the same (useSeen), so it
 * is drawn by the time it is scrolled to.
 */
let loaded: ECharts | null = null;
let loading: Promise<ECharts> | undefined;
function loadECharts(): Promise<ECharts> {
  loading ??= import('./echarts.ts').then((module) => {
    loaded = module.echarts;
    return module.echarts;
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** ECharts once the chart's box has been seen (see useSeen), else null. */
function useECharts(box: RefObject<HTMLDivElement | null>): ECharts | null {
  const seen = useSeen(box);
  const [lib, setLib] = useState<ECharts | null>(loaded);
  useEffect(() => {
    if (!seen || lib) return;
    let mounted = true;
    loadECharts().then(
      (ready) => mounted && setLib(() => ready),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [seen, lib]);
  return lib;
}

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

/** The parts of ECharts' model read below (an axis's scale as drawn). */
interface DrawnAxis {
  axis?: { scale: { getExtent(): [number, number]; getTicks(): Array<{ value: number }> } };
}

interface DrawnModel {
  getComponent(type: string, index: number): DrawnAxis | undefined;
}

/**
 * Writes what the chart drew onto its box for tests (issue 17 item 6): `data-chart-smooth`, the
 * number of smoothed lines, and `data-chart-y`, each value axis's extent, tick values and whether
 * it counts (whole steps).
 */
function markDrawn(element: HTMLElement, chart: echarts.ECharts) {
  const option = chart.getOption() as {
    series?: Array<{ type?: string; smooth?: unknown }>;
    yAxis?: Array<{ minInterval?: unknown }>;
  };
  const smooth = (option.series ?? []).filter((s) => s.type === 'line' && Boolean(s.smooth)).length;
  // getModel is ECharts' own (private in its types): the axes as laid out, not as asked for.
  const model = (chart as unknown as { getModel(): DrawnModel }).getModel();
  const axes: Array<{ min: number; max: number; ticks: number[]; counts: boolean }> = [];
  for (let index = 0; ; index++) {
    const scale = model.getComponent('yAxis', index)?.axis?.scale;
    if (!scale) break;
    const [min, max] = scale.getExtent();
    // A count axis is one asked for in whole steps (series.ts countAxis).
    const counts = option.yAxis?.[index]?.minInterval === 1;
    axes.push({ min, max, ticks: scale.getTicks().map((tick) => tick.value), counts });
  }
  element.dataset.chartSmooth = String(smooth);
  element.dataset.chartY = JSON.stringify(axes);
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
  const lib = useECharts(box);
  const theme = useResolvedTheme();
  const themeObject = useMemo(() => echartsThemeOf(theme), [theme]);
  const latestOption = useRef(option);
  latestOption.current = option;

  // (Re)create the instance for the theme; the first one waits for the box to have a size.
  useEffect(() => {
    const element = box.current;
    if (!element || !lib) return;
    let cancelDraw: (() => void) | undefined;
    const init = () => {
      if (chart.current || cancelDraw || element.clientWidth === 0 || element.clientHeight === 0) return;
      cancelDraw = drawSoon(() => {
        cancelDraw = undefined;
        if (chart.current || element.clientWidth === 0 || element.clientHeight === 0) return;
        chart.current = lib.init(element, themeObject);
        chart.current.setOption(latestOption.current);
        markDrawn(element, chart.current);
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
  }, [themeObject, lib]);

  useEffect(() => {
    if (!chart.current || !box.current) return;
    chart.current.setOption(option, { notMerge: true });
    markDrawn(box.current, chart.current);
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
