import { describe, expect, it } from 'vitest';

import { cardImageLoading } from './ProductCard';

describe('product card images', () => {
  it("a list's first card loads first, the rest of its first row at once, the others lazily", () => {
    expect([0, 1, 2, 3, 4, 23].map(cardImageLoading)).toEqual(['first', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
  });
});
