/**
 * Garment sizes in size order (issue 17 point 6: a new L went after XL): the letter scale
 * XXS XS S M L XL XXL XXXL (2XL, 3XL as XXL, XXXL), then numeric sizes by their number
 * (160/84A by 160), then anything else (均码, free text) in the order it came.
 */
const LETTER_SCALE = ['XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', 'XXXXL'] as const;

function letterRank(size: string): number {
  const upper = size.trim().toUpperCase();
  // 2XL = XXL, 3XS = XXXS.
  const counted = /^(\d)(XL|XS)$/.exec(upper);
  const spelled = counted ? `${'X'.repeat(Number(counted[1]) - 1)}${counted[2]}` : upper;
  return LETTER_SCALE.indexOf(spelled as (typeof LETTER_SCALE)[number]);
}

/** [group, value]: 0 letter scale, 1 numeric, 2 other (its value 0, so the sort keeps their order). */
function sizeKey(size: string): [number, number] {
  const letter = letterRank(size);
  if (letter >= 0) return [0, letter];
  const numeric = /^\s*(\d+(?:\.\d+)?)/.exec(size);
  if (numeric) return [1, Number(numeric[1])];
  return [2, 0];
}

/** A comparator for Array.prototype.sort (stable): size order, unknown sizes kept as they came. */
export function compareSizes(a: string, b: string): number {
  const [groupA, valueA] = sizeKey(a);
  const [groupB, valueB] = sizeKey(b);
  return groupA - groupB || valueA - valueB;
}

/** The sizes in size order, a new array. */
export const sortSizes = <T extends string>(sizes: readonly T[]): T[] => [...sizes].sort(compareSizes);
