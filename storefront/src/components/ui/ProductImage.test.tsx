import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ProductImage } from './ProductImage';

const img = (loading?: 'lazy' | 'eager' | 'first') => {
  const { container } = render(<ProductImage image="hs-sport-muesli.svg" alt="" size={320} loading={loading} />);
  const element = container.querySelector('img');
  return { loading: element?.getAttribute('loading'), priority: element?.getAttribute('fetchpriority'), src: element?.getAttribute('src') };
};

describe('ProductImage loading', () => {
  it('is lazy by default, at once when eager, at once and first when first', () => {
    expect(img()).toEqual({ loading: 'lazy', priority: null, src: '/images/hs-sport-muesli.svg' });
    expect(img('eager')).toEqual({ loading: 'eager', priority: null, src: '/images/hs-sport-muesli.svg' });
    expect(img('first')).toEqual({ loading: 'eager', priority: 'high', src: '/images/hs-sport-muesli.svg' });
  });
});
