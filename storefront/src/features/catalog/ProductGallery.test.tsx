import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { initI18n } from '../../i18n';
import { ProductGallery } from './ProductGallery';

beforeAll(async () => {
  await initI18n('nl');
});

const sources = () => screen.getAllByRole('img').map((image) => image.getAttribute('src'));

describe('a product’s pictures', () => {
  it('are one picture named by the product, fetched first, when there is one', () => {
    render(<ProductGallery images={['hs-mash.svg']} name="Hoefslag Mash" />);
    expect(screen.queryByRole('region')).toBeNull();
    const picture = screen.getByRole('img', { name: 'Hoefslag Mash' });
    expect(picture).toHaveAttribute('src', '/images/hs-mash.svg');
    expect(picture).toHaveAttribute('fetchpriority', 'high');
  });

  it('are a carousel one picture wide when there are several, each named by its place', () => {
    render(<ProductGallery images={['hs-sport-muesli.svg', 'hs-sport-muesli-back.svg', 'hs-sport-muesli-feed.svg']} name="Sport Muesli" />);
    const gallery = screen.getByRole('region', { name: 'Afbeeldingen van Sport Muesli' });
    expect(gallery).toHaveAttribute('aria-roledescription', 'carrousel');
    const row = within(gallery).getByRole('list');
    expect(row.className).toMatch(/single/);
    // Nothing inside takes the focus, so the row does: its arrow keys scroll the pictures.
    expect(row).toHaveAttribute('tabindex', '0');
    expect(sources()).toEqual(['/images/hs-sport-muesli.svg', '/images/hs-sport-muesli-back.svg', '/images/hs-sport-muesli-feed.svg']);
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual([
      'Sport Muesli, afbeelding 1 van 3',
      'Sport Muesli, afbeelding 2 van 3',
      'Sport Muesli, afbeelding 3 van 3',
    ]);
    // Only the first is fetched at once; the others when they near the screen.
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(screen.getByTestId('carousel-position')).toHaveTextContent('1 van 3');
    fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(screen.getByTestId('carousel-position')).toHaveTextContent('2 van 3');
  });

  it('are none when the product has no picture', () => {
    const { container } = render(<ProductGallery images={[]} name="Analyse" />);
    expect(container).toBeEmptyDOMElement();
  });
});
