import { describe, expect, it } from 'vitest';
import { fontSizeOf, layoutWordCloud, textWidth } from '../../src/pages/impressions/word-cloud.ts';

const words = [
  { id: 1, word: '偏爱亚麻', count: 3200 },
  { id: 2, word: '新中式', count: 2800 },
  { id: 3, word: 'Linen lover', count: 900 },
  { id: 4, word: '小个子', count: 40 },
  { id: 5, word: '宽肩', count: 40 },
  { id: 6, word: '回头客', count: 0 },
];

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  Math.abs(a.x - b.x) * 2 < a.width + b.width && Math.abs(a.y - b.y) * 2 < a.height + b.height;

describe('issue 7 item 6 粉丝印象: the word cloud layout', () => {
  it('sizes words by count, the most carried largest, equal counts equal', () => {
    const { words: placed } = layoutWordCloud(words, { minFont: 12, maxFont: 48 });
    const size = (id: number) => placed.find((w) => w.id === id)!.fontSize;
    expect(size(1)).toBe(48);
    expect(size(6)).toBe(12);
    expect(size(1)).toBeGreaterThan(size(2));
    expect(size(2)).toBeGreaterThan(size(3));
    expect(size(4)).toBe(size(5));
    expect(fontSizeOf(5, 5, 5, 10, 20)).toBe(15);
  });

  it('places every word, none overlapping, the largest at the centre, inside the bounds', () => {
    const layout = layoutWordCloud(words);
    expect(layout.words).toHaveLength(words.length);
    expect(layout.words[0]).toMatchObject({ id: 1, x: 0, y: 0 });
    for (const [i, a] of layout.words.entries()) {
      for (const b of layout.words.slice(i + 1)) expect(overlap(a, b), `${a.word} / ${b.word}`).toBe(false);
      expect(a.x - a.width / 2).toBeGreaterThanOrEqual(layout.bounds.x);
      expect(a.x + a.width / 2).toBeLessThanOrEqual(layout.bounds.x + layout.bounds.width);
      expect(a.y - a.height / 2).toBeGreaterThanOrEqual(layout.bounds.y);
      expect(a.y + a.height / 2).toBeLessThanOrEqual(layout.bounds.y + layout.bounds.height);
    }
  });

  it('is deterministic whatever the input order, and colours by rank', () => {
    const a = layoutWordCloud(words);
    const b = layoutWordCloud([...words].reverse());
    expect(b).toEqual(a);
    expect(a.words.map((w) => w.colorIndex)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(layoutWordCloud([])).toEqual({ words: [], bounds: { x: 0, y: 0, width: 0, height: 0 } });
  });

  it('measures CJK as one em and Latin as 0.6 em', () => {
    expect(textWidth('旗袍', 20)).toBe(40);
    expect(textWidth('ab', 10)).toBe(12);
  });
});
