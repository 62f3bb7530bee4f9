import { describe, expect, it } from 'vitest';
import { amountLine, countAxis, countLine, smoothable } from '../../src/components/charts/series.ts';

describe('issue 17 item 6: daily series drawn without smoothing where it would lie', () => {
  it('§issue 17 item 6: sparse counts (0–3 buyers a day) are never smoothed', () => {
    const buyers = [0, 1, 0, 0, 3, 0, 2, 0, 0, 1, 0, 0, 0, 2];
    expect(smoothable(buyers)).toBe(false);
    expect(countLine('buyers', buyers).smooth).toBe(false);
  });

  it('§issue 17 item 6: an amount line is smoothed only when dense and clear of 0 (no dip below 0)', () => {
    const dense = Array.from({ length: 30 }, (_, i) => (100 + i * 7.5).toFixed(2));
    // A low day beside high ones: a spline could overshoot below 0 there.
    const spiky = Array.from({ length: 30 }, (_, i) => String(i === 5 ? 100 : 30_000 + i * 500));
    expect(amountLine('sales', spiky).smooth).toBe(false);
    expect(amountLine('sales', dense).smooth).toBe(true);
    expect(amountLine('sales', [...dense.slice(0, 29), '0.00']).smooth).toBe(false);
    expect(amountLine('sales', ['10.00', '12.00', '10.00', '12.00']).smooth).toBe(false);
  });

  it('§issue 17 item 6: a count axis starts at 0 in whole steps', () => {
    expect(countAxis()).toMatchObject({ type: 'value', min: 0, minInterval: 1 });
  });
});
