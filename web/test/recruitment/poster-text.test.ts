import { describe, expect, it } from 'vitest';
import { breakUnits, wrapText } from '../../src/pages/recruitment/poster-text.ts';

/** One unit per character: CJK 2, anything else 1. */
const measure = (text: string) =>
  [...text].reduce((sum, ch) => sum + (/[\u4e00-\u9fff，。]/.test(ch) ? 2 : 1), 0);

describe('issue 7 item 7 招募设置: the poster text wrapping', () => {
  it('breaks Chinese between any two characters', () => {
    expect(wrapText('关注即享首次量体免费', 8, measure)).toEqual(['关注即享', '首次量体', '免费']);
  });

  it('breaks Latin text between words, never inside one that fits', () => {
    expect(wrapText('Free fitting for new fans', 10, measure)).toEqual([
      'Free',
      'fitting',
      'for new',
      'fans',
    ]);
    expect(breakUnits('ab cd')).toEqual(['ab ', 'cd']);
  });

  it('breaks a word longer than the line by character', () => {
    expect(wrapText('abcdefghij', 4, measure)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('mixes both and keeps explicit line breaks', () => {
    expect(wrapText('新品 new\n第二行', 6, measure)).toEqual(
      ['新品 ', 'new', '第二行'].map((l) => l.trimEnd()),
    );
  });

  it('cuts to the maximum lines with an ellipsis that fits', () => {
    const lines = wrapText('一二三四五六七八九十', 6, measure, 2);
    expect(lines).toEqual(['一二三', '四五…']);
    expect(lines.every((line) => measure(line) <= 6)).toBe(true);
    expect(wrapText('', 6, measure)).toEqual(['']);
  });
});
