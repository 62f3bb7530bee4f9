import { describe, expect, it } from 'vitest';
import { dictionaries } from '../../src/locales/catalog.ts';
import { translate } from '../../src/locales/index.ts';

/** Issue 17 item 6 (feedback that tells the truth): "1 entry", not "1 entries". */
describe('issue 17 item 6: counted English words agree with their count', () => {
  it('one and many choose their own word; a formatted figure counts as its number', () => {
    expect(translate('en-US', 'vault.totals', { count: 1 })).toBe('Total (1 entry)');
    expect(translate('en-US', 'vault.totals', { count: 2 })).toBe('Total (2 entries)');
    expect(translate('en-US', 'vault.totals', { count: 0 })).toBe('Total (0 entries)');
    expect(translate('en-US', 'fans.total', { total: '1,234' })).toBe('1,234 fans');
    expect(translate('en-US', 'recruit.totalFollows', { count: 1, visits: 1 })).toBe(
      '1 fan recruited from 1 visit',
    );
    expect(translate('en-US', 'fans.batch.skipped', { count: 1, max: 20 })).toBe(
      '1 fan already carries 20 tags and was skipped',
    );
  });

  it('Chinese is unchanged', () => {
    expect(translate('zh-CN', 'vault.totals', { count: 1 })).toBe(
      translate('zh-CN', 'vault.totals', { count: 1 }),
    );
    expect(translate('zh-CN', 'vault.top.entries', { count: 1 })).toBe('1 笔');
  });

  it('no English message puts a bare count before a plural noun', () => {
    const bare = Object.entries(dictionaries['en-US']).filter(([, text]) =>
      /\{(count|total|visits)\} (?!in\b)[a-z]+s\b/.test(text ?? ''),
    );
    expect(bare).toEqual([]);
  });

  it('every plural choice has an "other" branch, the one any count can fall back to', () => {
    const broken = Object.entries(dictionaries['en-US']).filter(
      ([, text]) => (text ?? '').split(', plural,').length !== (text ?? '').split('other {').length,
    );
    expect(broken).toEqual([]);
  });
});
