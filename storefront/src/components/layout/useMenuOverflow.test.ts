import { describe, expect, it } from 'vitest';

import { fittingCount } from './useMenuOverflow';

describe('the one-line menu', () => {
  it('keeps every item in the row when all fit', () => {
    expect(fittingCount([50, 60, 70], 40, 10, 200)).toBeNull();
  });

  it('moves the items that do not fit, from the end, leaving room for "More"', () => {
    // 50 + 10 + 60 + 10 + "More" 40 = 170 fits in 200; the third item (70) would not.
    expect(fittingCount([50, 60, 70, 30], 40, 10, 200)).toBe(2);
  });

  it('keeps the order: a short item after a long one that does not fit moves too', () => {
    expect(fittingCount([50, 200, 10], 40, 10, 200)).toBe(1);
  });
});
