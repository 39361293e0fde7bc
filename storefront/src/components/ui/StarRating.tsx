/**
 * A rating as five stars (full, half or empty), with its text equivalent in the visitor's
 * language ("4,5 van de 5 sterren"): the stars are a picture of the text, so screen readers
 * read the text and skip the stars.
 */
import { Star, StarHalf } from 'lucide-react';

import { useTranslation } from '../../i18n/useTranslation';
import { useFormatQuantity, type QuantityValue } from '../../lib/quantity';
import styles from './StarRating.module.css';

const STAR_COUNT = 5;

export type StarFill = 'full' | 'half' | 'empty';

/** How each of the five stars is filled, for a rating rounded to the nearest half star. */
export function starFills(rating: number): StarFill[] {
  const halves = Math.round(Math.min(Math.max(Number.isFinite(rating) ? rating : 0, 0), STAR_COUNT) * 2);
  return Array.from({ length: STAR_COUNT }, (_, index) => {
    const left = halves - index * 2;
    return left >= 2 ? 'full' : left === 1 ? 'half' : 'empty';
  });
}

/** One star; a half star is an empty star with its left half filled over it. */
function StarIcon({ fill }: { fill: StarFill }) {
  return (
    <span className={styles.star} data-fill={fill}>
      <Star className={fill === 'full' ? styles.filled : styles.empty} focusable="false" />
      {fill === 'half' && <StarHalf className={styles.filled} focusable="false" />}
    </span>
  );
}

export function StarRating({
  rating,
  showText = false,
  size = 'medium',
}: {
  /** The rating from 0 to 5, as the API sends it (`"4.5"` or `4`). */
  rating: QuantityValue;
  /** Shows the text beside the stars; otherwise only screen readers get it. */
  showText?: boolean;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const quantity = useFormatQuantity();
  return (
    <span className={styles.rating} data-size={size} data-rating={String(rating)} data-testid="star-rating">
      <span className={styles.stars} aria-hidden="true">
        {starFills(Number(rating)).map((fill, index) => (
          <StarIcon key={index} fill={fill} />
        ))}
      </span>
      <span className={showText ? undefined : 'visually-hidden'}>{t('reviews.averageRating', { rating: quantity.text(rating) })}</span>
    </span>
  );
}
