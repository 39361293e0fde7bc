import { describe, expect, it } from 'vitest';

import { scaledCount } from './counts';

describe('scaledCount', () => {
  it.each([
    [21_000_000, { quantity: '21', scale: 'millions' }],
    [4_500_000, { quantity: '4.5', scale: 'millions' }],
    [1_250_000, { quantity: '1.25', scale: 'millions' }],
    [1_000_000, { quantity: '1', scale: 'millions' }],
    [320_000, { quantity: '320', scale: 'thousands' }],
    [10_000, { quantity: '10', scale: 'thousands' }],
    [12_345, { quantity: '12345', scale: null }],
    [1_234_567, { quantity: '1234567', scale: null }],
    [1_234_500, { quantity: '1234500', scale: null }],
    [9_999, { quantity: '9999', scale: null }],
    [0, { quantity: '0', scale: null }],
  ])('%d', (count, expected) => {
    expect(scaledCount(count)).toEqual(expected);
  });
});
