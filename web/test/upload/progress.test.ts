import { describe, expect, it } from 'vitest';
import { TransferRate } from '../../src/upload/index.ts';

describe('speed and time left for the UI', () => {
  it('speed over the window, and time left at that speed', () => {
    let now = 0;
    const rate = new TransferRate(() => now, 5_000);
    expect(rate.bytesPerSecond()).toBe(0);
    expect(rate.secondsLeft(100)).toBeUndefined();
    rate.sample(0);
    now = 1_000;
    rate.sample(1_000_000);
    now = 2_000;
    rate.sample(2_000_000);
    expect(rate.bytesPerSecond()).toBe(1_000_000);
    expect(rate.secondsLeft(10_000_000)).toBe(8);
  });

  it('old samples leave the window; a restart (fewer bytes) starts over', () => {
    let now = 0;
    const rate = new TransferRate(() => now, 2_000);
    rate.sample(0);
    now = 10_000;
    rate.sample(1_000);
    now = 11_000;
    rate.sample(5_000);
    now = 12_000;
    rate.sample(9_000);
    expect(rate.bytesPerSecond()).toBe(4_000);
    rate.sample(10);
    expect(rate.bytesPerSecond()).toBe(0);
  });
});
