/**
 * A row of items that scrolls sideways: previous and next buttons for mouse and keyboard, a swipe
 * for touch (the touch settings decide what a swipe is), and the position announced to screen
 * readers. Items that all fit show no buttons.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { useGestures, type Gesture } from '../../lib/gestures';
import styles from './Carousel.module.css';

/** The id of the heading that names the row, or the name itself when no heading shows it. */
type CarouselName = { labelledBy: string; label?: never } | { label: string; labelledBy?: never };

type CarouselProps = CarouselName & {
  /** The items, each rendered as a `<li>` by the caller. */
  children: ReactNode;
  /** `row`: several items in view (product rows); `single`: one at a time (a product's pictures). */
  layout?: 'row' | 'single';
  testId?: string;
};

/** Where the row stands: the first item in view and whether its end is in view. */
interface Position {
  index: number;
  atEnd: boolean;
  overflowing: boolean;
}

function prefersLessMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Reads the position off the track; a track not laid out (no width) counts as overflowing. */
function measure(track: HTMLUListElement, index: number, count: number): Position {
  const laidOut = track.scrollWidth > 0;
  const overflowing = !laidOut || track.scrollWidth > track.clientWidth + 1;
  const scrolledToEnd = laidOut && track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
  return { index, atEnd: index >= count - 1 || scrolledToEnd, overflowing };
}

/** The item whose start is nearest the track's scroll position. */
function indexAtScroll(track: HTMLUListElement): number {
  const items = Array.from(track.children) as HTMLElement[];
  let nearest = 0;
  items.forEach((item, index) => {
    const distance = Math.abs(item.offsetLeft - track.scrollLeft);
    if (distance < Math.abs((items[nearest]?.offsetLeft ?? 0) - track.scrollLeft)) nearest = index;
  });
  return nearest;
}

export function Carousel({ labelledBy, label, children, layout = 'row', testId }: CarouselProps) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const count = Children.count(children);
  const [position, setPosition] = useState<Position>({ index: 0, atEnd: count <= 1, overflowing: true });
  // The item a button or a swipe is scrolling to: while the smooth scroll passes the items in
  // between, their scroll events must not move the position back.
  const scrollingTo = useRef<number | null>(null);

  const remeasure = useCallback(
    (index: number) => {
      if (track.current) setPosition(measure(track.current, index, count));
    },
    [count],
  );

  const go = useCallback(
    (to: number) => {
      const element = track.current;
      const index = Math.min(Math.max(to, 0), Math.max(count - 1, 0));
      const item = element?.children[index] as HTMLElement | undefined;
      if (element && item && typeof element.scrollTo === 'function') {
        scrollingTo.current = index;
        element.scrollTo({ left: item.offsetLeft, behavior: prefersLessMotion() ? 'auto' : 'smooth' });
      }
      setPosition((current) => ({ ...current, index, atEnd: index >= count - 1 }));
    },
    [count],
  );

  const onScroll = useCallback(() => {
    const element = track.current;
    if (!element) return;
    const at = indexAtScroll(element);
    if (scrollingTo.current !== null) {
      const target = element.children[scrollingTo.current] as HTMLElement | undefined;
      if (at !== scrollingTo.current || Math.abs((target?.offsetLeft ?? 0) - element.scrollLeft) > 1) return;
      scrollingTo.current = null;
    }
    remeasure(at);
  }, [remeasure]);

  useEffect(() => {
    // A scroll that ended short of its item (a finger stopped it) hands the position back to
    // where the row is.
    const element = track.current;
    const onScrollEnd = () => {
      scrollingTo.current = null;
      if (track.current) remeasure(indexAtScroll(track.current));
    };
    element?.addEventListener('scrollend', onScrollEnd);
    return () => element?.removeEventListener('scrollend', onScrollEnd);
  }, [remeasure]);

  useEffect(() => {
    remeasure(0);
    const onResize = () => remeasure(track.current ? indexAtScroll(track.current) : 0);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [remeasure]);

  const handlers = useGestures((gesture: Gesture) => {
    if (gesture === 'swipeLeft') go(position.index + 1);
    if (gesture === 'swipeRight') go(position.index - 1);
  });

  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription={t('carousel.role')}
      aria-labelledby={labelledBy}
      aria-label={label}
      data-testid={testId}
    >
      <ul
        ref={track}
        className={`${styles.track} ${layout === 'single' ? styles.single : ''}`}
        // A row of pictures has nothing to focus inside: the row itself takes the focus, so the
        // arrow keys scroll it.
        tabIndex={layout === 'single' ? 0 : undefined}
        onScroll={onScroll}
        {...handlers}
      >
        {children}
      </ul>
      {position.overflowing && count > 1 && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.button}
            onClick={() => go(position.index - 1)}
            disabled={position.index === 0}
            aria-label={t('carousel.previous')}
            data-testid="carousel-previous"
          >
            <ChevronLeft aria-hidden="true" size={20} />
          </button>
          <p className={styles.status} aria-live="polite" data-testid="carousel-position">
            {t('carousel.position', { position: position.index + 1, count })}
          </p>
          <button
            type="button"
            className={styles.button}
            onClick={() => go(position.index + 1)}
            disabled={position.atEnd}
            aria-label={t('carousel.next')}
            data-testid="carousel-next"
          >
            <ChevronRight aria-hidden="true" size={20} />
          </button>
        </div>
      )}
    </div>
  );
}
