import { describe, expect, it } from 'vitest';
import { compareSizes, sortSizes } from '../src/size-order.ts';

describe('issue 17 point 6: sizes in size order', () => {
  it('the letter scale XS S M L XL XXL, 2XL and 3XL as XXL and XXXL, case and spaces ignored', () => {
    expect(sortSizes(['XL', 'L', 'xs', 'XXXL', 'M', '2XL', ' S '])).toEqual([
      'xs',
      ' S ',
      'M',
      'L',
      'XL',
      '2XL',
      'XXXL',
    ]);
  });

  it('numeric sizes by their number, after the letters; anything else last, in the order it came', () => {
    expect(sortSizes(['均码', '100', 'M', '90', '160/84A', 'free', '155/80A', '38.5'])).toEqual([
      'M',
      '38.5',
      '90',
      '100',
      '155/80A',
      '160/84A',
      '均码',
      'free',
    ]);
    expect(compareSizes('均码', 'free')).toBe(0);
  });
});
