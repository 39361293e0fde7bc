import { Truck } from 'lucide-react';

import { useTranslation } from '../../i18n/useTranslation';
import { useFormatPrice } from '../ui/Price';
import type { CalculatedCart } from '../../engine';
import styles from '../shop.module.css';

/**
 * How far the cart is from free shipping, by the site's rule for the chosen method as the
 * engine applied it (`freeShipping` of the calculation): what the goods still lack, or that
 * shipping is free. Nothing when no rule frees the method or nothing is shipped.
 */
export function FreeShippingProgress({ calculation }: { calculation: Pick<CalculatedCart, 'freeShipping'> }) {
  const { t } = useTranslation();
  const format = useFormatPrice();
  const progress = calculation.freeShipping;
  if (!progress) return null;
  return (
    <p className={styles.freeShipping} data-testid="free-shipping" data-reached={progress.reached} aria-live="polite">
      <Truck aria-hidden="true" focusable="false" size={20} />
      <span>
        {progress.reached
          ? t('cart.freeShipping.reached')
          : t('cart.freeShipping.remaining', { amount: format(progress.remainingAmount), minimum: format(progress.minimumAmount) })}
      </span>
    </p>
  );
}
