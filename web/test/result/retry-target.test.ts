import { describe, expect, it } from 'vitest';
import { returnPathAfterRetry } from '../../src/pages/result/retry-target.ts';

describe('network-error page: where a successful retry returns to', () => {
  it('the screen that made the request, query included', () => {
    expect(returnPathAfterRetry('/fans/fans-list?page=2')).toBe('/fans/fans-list?page=2');
  });

  it('home instead of a result page (the request failed on one, or the page itself)', () => {
    expect(returnPathAfterRetry('/result/network-error')).toBe('/home');
    expect(returnPathAfterRetry('/result/500')).toBe('/home');
  });

  it('home instead of anything outside the app', () => {
    expect(returnPathAfterRetry('//evil.example/x')).toBe('/home');
    expect(returnPathAfterRetry('https://evil.example/x')).toBe('/home');
    expect(returnPathAfterRetry('')).toBe('/home');
  });
});
