import { Price } from '../ui/Price';
import { useTranslation } from '../../i18n/useTranslation';
import type { components } from '../../api/generated/schema';
import styles from './ShelfPrice.module.css';

export type ShelfReduction = components['schemas']['ShelfReduction'];

/**
 * A variant's price on its page, a card or a search result. With a reduction the server's
 * engine announced, the reduced price (what a cart of one is charged) and, as the EU price
 * indication rule asks, the prior price struck through: the lowest price of the 30 days before
 * the reduction began, with a line saying so.
 */
export function ShelfPrice({ price, reduction }: { price: string; reduction?: ShelfReduction | null }) {
  const { t } = useTranslation();
  if (!reduction) return <Price amount={price} />;
  return (
    <span className={styles.reduced} data-testid="shelf-reduction" data-promotion={reduction.promotionKey}>
      <span className={styles.now}>
        <Price amount={reduction.price} />
      </span>
      <span className={styles.prior}>
        <span className="visually-hidden">{t('product.reduction.was')} </span>
        <s>
          <Price amount={reduction.priorPrice} />
        </s>
      </span>
      <span className={styles.note}>{t('product.reduction.priorNote')}</span>
    </span>
  );
}
