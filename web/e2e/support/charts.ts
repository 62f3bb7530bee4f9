import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What a chart drew (EChart's `data-chart-*`): smoothed lines and each value axis as laid out. */
export interface DrawnChart {
  label: string;
  smooth: number;
  axes: Array<{ min: number; max: number; ticks: number[]; counts: boolean }>;
}

/** The charts drawn on the current screen (tabs kept alive behind it aside), once drawn. */
export async function drawnCharts(page: Page): Promise<DrawnChart[]> {
  const charts = page.locator('[data-chart-theme]:visible');
  const count = await charts.count();
  // A chart is drawn in a task of its own after its box has a size.
  await expect
    .poll(() => page.locator('[data-chart-theme][data-chart-y]:visible').count(), { timeout: 5_000 })
    .toBe(count);
  return charts.evaluateAll((nodes) =>
    nodes.map((node) => {
      const element = node as HTMLElement;
      return {
        label: element.getAttribute('aria-label') ?? '',
        smooth: Number(element.dataset.chartSmooth),
        axes: JSON.parse(element.dataset.chartY ?? '[]'),
      };
    }),
  );
}

/** Issue 17 item 6: value axes start at 0, and count axes step in whole numbers. */
export function expectSensibleAxes(chart: DrawnChart, where: string): void {
  for (const axis of chart.axes) {
    expect(axis.min, `${where} ${chart.label}`).toBeLessThanOrEqual(0);
    if (!axis.counts) continue;
    expect(axis.min, `${where} ${chart.label}`).toBe(0);
    expect(
      axis.ticks.every((tick) => Number.isInteger(tick)),
      `${where} ${chart.label}: ${axis.ticks}`,
    ).toBe(true);
  }
}
