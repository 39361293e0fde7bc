import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { initI18n } from '../../i18n';
import { Carousel } from './Carousel';

beforeAll(async () => {
  await initI18n('nl');
});

const followed = vi.fn();

function row(count: number) {
  followed.mockClear();
  return render(
    <>
      <h2 id="row">Aanbevolen</h2>
      <Carousel labelledBy="row" testId="row-carousel">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <a
              href={`/product-${index + 1}/`}
              onClick={(event) => {
                event.preventDefault();
                followed(index + 1);
              }}
            >
              Product {index + 1}
            </a>
          </li>
        ))}
      </Carousel>
    </>,
  );
}

/** One stroke of a finger on the track, from `fromX` to `toX` at the same height. */
function stroke(fromX: number, toX: number, pointerType = 'touch') {
  const track = screen.getByRole('list');
  fireEvent.pointerDown(track, { pointerType, clientX: fromX, clientY: 200 });
  fireEvent.pointerUp(track, { pointerType, clientX: toX, clientY: 200 });
}

const position = () => screen.getByTestId('carousel-position').textContent;

describe('a carousel', () => {
  it('is a region named by its heading, with previous and next buttons and its position', () => {
    row(3);
    const region = screen.getByRole('region', { name: 'Aanbevolen' });
    expect(region).toHaveAttribute('aria-roledescription', 'carrousel');
    expect(position()).toBe('1 van 3');
    expect(screen.getByRole('button', { name: 'Vorige' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(position()).toBe('3 van 3');
    expect(screen.getByRole('button', { name: 'Volgende' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Vorige' }));
    expect(position()).toBe('2 van 3');
  });

  it('moves one item for a finger swiped 30 px sideways, not for 29 px, and never past either end', () => {
    row(3);
    stroke(200, 170);
    expect(position()).toBe('2 van 3');
    stroke(200, 171);
    expect(position()).toBe('2 van 3');
    stroke(200, 100);
    stroke(200, 100);
    expect(position()).toBe('3 van 3');
    stroke(100, 130);
    expect(position()).toBe('2 van 3');
    stroke(100, 400);
    stroke(100, 400);
    expect(position()).toBe('1 van 3');
  });

  it('follows a link on a tap, but not when the finger swiped or was held', () => {
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    try {
      row(3);
      const link = screen.getByRole('link', { name: 'Product 1' });
      stroke(200, 205);
      fireEvent.click(link);
      expect(followed).toHaveBeenCalledWith(1);
      followed.mockClear();
      stroke(200, 150);
      fireEvent.click(link);
      expect(followed).not.toHaveBeenCalled();
      const track = screen.getByRole('list');
      fireEvent.pointerDown(track, { pointerType: 'touch', clientX: 200, clientY: 200 });
      vi.advanceTimersByTime(400);
      fireEvent.pointerUp(track, { pointerType: 'touch', clientX: 202, clientY: 201 });
      fireEvent.click(link);
      expect(followed).not.toHaveBeenCalled();
      expect(position()).toBe('2 van 3');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a mouse alone: a drag is no swipe and its click goes through', () => {
    row(3);
    stroke(200, 100, 'mouse');
    expect(position()).toBe('1 van 3');
    fireEvent.click(screen.getByRole('link', { name: 'Product 2' }));
    expect(followed).toHaveBeenCalledWith(2);
  });

  it('has no buttons for a single item', () => {
    row(1);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
