/**
 * A word cloud laid out without a library (echarts-wordcloud is not installed): words sorted by
 * count (ties by word), sized between `minFont` and `maxFont` by the square root of their count,
 * each placed at the first free spot along an Archimedean spiral from the centre. Everything is
 * a pure function of the input, so the same words always give the same picture.
 */

export interface CloudWord {
  id: number;
  word: string;
  count: number;
}

export interface PlacedWord extends CloudWord {
  /** Centre of the word's box. */
  x: number;
  y: number;
  fontSize: number;
  width: number;
  height: number;
  /** Index into the palette (rank order, so neighbours differ). */
  colorIndex: number;
}

export interface CloudLayout {
  words: PlacedWord[];
  /** The box around every word: the SVG's viewBox. */
  bounds: { x: number; y: number; width: number; height: number };
}

export interface CloudOptions {
  minFont?: number;
  maxFont?: number;
  /** Colours the palette cycles through. */
  paletteSize?: number;
  /** Width / height of the area the spiral favours. */
  aspect?: number;
}

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** The width of a word at a font size: CJK and full-width characters are square, others about 0.6 em. */
export function textWidth(word: string, fontSize: number): number {
  let em = 0;
  for (const ch of word) em += WIDE.test(ch) ? 1 : 0.6;
  return em * fontSize;
}

/** Font size of a count between the smallest and largest counts (square-root scale). */
export function fontSizeOf(
  count: number,
  min: number,
  max: number,
  minFont: number,
  maxFont: number,
): number {
  if (max <= min) return Math.round((minFont + maxFont) / 2);
  const share = (Math.sqrt(count) - Math.sqrt(min)) / (Math.sqrt(max) - Math.sqrt(min));
  return Math.round(minFont + share * (maxFont - minFont));
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const PADDING = 4;
const overlaps = (a: Box, b: Box) =>
  a.left < b.right + PADDING &&
  b.left < a.right + PADDING &&
  a.top < b.bottom + PADDING &&
  b.top < a.bottom + PADDING;

/** Lays the words out; an empty list gives an empty layout. */
export function layoutWordCloud(input: readonly CloudWord[], options: CloudOptions = {}): CloudLayout {
  const { minFont = 14, maxFont = 44, paletteSize = 8, aspect = 2 } = options;
  const sorted = [...input].sort((a, b) => b.count - a.count || a.word.localeCompare(b.word) || a.id - b.id);
  if (sorted.length === 0) return { words: [], bounds: { x: 0, y: 0, width: 0, height: 0 } };
  const max = sorted[0]!.count;
  const min = sorted[sorted.length - 1]!.count;
  const placed: Array<PlacedWord & { box: Box }> = [];
  sorted.forEach((word, rank) => {
    const fontSize = fontSizeOf(word.count, min, max, minFont, maxFont);
    const width = textWidth(word.word, fontSize);
    const height = fontSize * 1.2;
    // Archimedean spiral r = a·θ, stretched horizontally by `aspect`; small steps, so the first
    // free spot is close to the centre.
    for (let step = 0; ; step++) {
      const theta = step * 0.35;
      const radius = 2 * theta;
      const x = Math.cos(theta) * radius * aspect;
      const y = Math.sin(theta) * radius;
      const box = { left: x - width / 2, right: x + width / 2, top: y - height / 2, bottom: y + height / 2 };
      if (step > 20_000 || !placed.some((other) => overlaps(box, other.box))) {
        placed.push({ ...word, x, y, fontSize, width, height, colorIndex: rank % paletteSize, box });
        break;
      }
    }
  });
  const left = Math.min(...placed.map((p) => p.box.left)) - PADDING;
  const top = Math.min(...placed.map((p) => p.box.top)) - PADDING;
  const right = Math.max(...placed.map((p) => p.box.right)) + PADDING;
  const bottom = Math.max(...placed.map((p) => p.box.bottom)) + PADDING;
  return {
    words: placed.map(({ box: _box, ...word }) => word),
    bounds: { x: left, y: top, width: right - left, height: bottom - top },
  };
}
