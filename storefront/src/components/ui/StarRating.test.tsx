import { render, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { initI18n, type Culture } from '../../i18n';
import { cultureAtom } from '../../state';
import { StarRating, starFills } from './StarRating';

beforeAll(async () => {
  await initI18n('nl');
});

afterAll(async () => {
  await initI18n('nl');
});

/** The rating inside a link, as the product page shows it: the link's name is what a screen reader reads. */
function renderRating(rating: string | number, culture: Culture = 'nl', showText = false) {
  const store = createStore();
  store.set(cultureAtom, culture);
  return render(
    <Provider store={store}>
      <a href="#reviews">
        <StarRating rating={rating} showText={showText} />
      </a>
    </Provider>,
  );
}

const fills = (container: HTMLElement) => Array.from(container.querySelectorAll('[data-fill]')).map((star) => star.getAttribute('data-fill'));

describe('the star rating', () => {
  it('reads 4.5 as "4,5 van de 5 sterren" and shows four full stars and a half one', () => {
    const { container } = renderRating('4.5');
    expect(screen.getByRole('link')).toHaveAccessibleName('4,5 van de 5 sterren');
    expect(fills(container)).toEqual(['full', 'full', 'full', 'full', 'half']);
  });

  it('reads 3 as "3 van de 5 sterren" and shows three full stars and two empty ones', () => {
    const { container } = renderRating(3);
    expect(screen.getByRole('link')).toHaveAccessibleName('3 van de 5 sterren');
    expect(fills(container)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
  });

  it("reads the rating in the visitor's language, with the culture's decimal sign", async () => {
    await initI18n('da');
    renderRating('4.5', 'da');
    expect(screen.getByRole('link')).toHaveAccessibleName('4,5 ud af 5 stjerner');
    await initI18n('en');
    renderRating('4.5', 'en');
    expect(screen.getAllByRole('link')[1]).toHaveAccessibleName('4.5 out of 5 stars');
    await initI18n('nl');
  });

  it('hides the stars from screen readers: they are a picture of the text', () => {
    const { container } = renderRating('4.5');
    const stars = container.querySelector('[data-fill]')?.parentElement;
    expect(stars).toHaveAttribute('aria-hidden', 'true');
    expect(within(screen.getByRole('link')).queryByRole('img')).toBeNull();
    // Every star is an inline SVG, never a text symbol.
    expect(container.querySelectorAll('[data-fill] svg').length).toBe(6);
    expect(screen.getByRole('link').textContent).toBe('4,5 van de 5 sterren');
  });

  it('shows the text beside the stars when asked, and only for screen readers otherwise', () => {
    renderRating('4.5', 'nl', false);
    renderRating('4.5', 'nl', true);
    const [readOnly, shown] = screen.getAllByText('4,5 van de 5 sterren');
    expect(readOnly?.className).toMatch(/visually-hidden/);
    expect(shown?.className).toBe('');
  });

  it('rounds to the nearest half star and keeps within 0 to 5', () => {
    expect(starFills(4.74)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starFills(4.75)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starFills(0.2)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(7)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starFills(-1)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(Number.NaN)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });
});
