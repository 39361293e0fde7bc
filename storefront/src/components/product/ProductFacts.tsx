/** A product's stock state and unit prices (product card, product page and comparison). */

import { useTranslation } from '../../i18n/useTranslation';
import type { StockState, UnitPrices } from '../../api/catalog';
import { useFormatPrice } from '../ui/Price';
import styles from '../shop.module.css';

const STOCK_KEYS = { inStock: 'product.inStock', low: 'product.lowStock', outOfStock: 'product.outOfStock' } as const;

export function StockLabel({ state }: { state: StockState }) {
  const { t } = useTranslation();
  return (
    <span className={styles[`stock-${state}`]} data-testid="stock-state" data-state={state}>
      {t(STOCK_KEYS[state])}
    </span>
  );
}

/** The unit prices the server computed with the engine (per unit, kg, liter, 100 g, 100 ml). */
export function UnitPriceList({ prices }: { prices: UnitPrices }) {
  const rows = [
    ['perUnit', prices.perUnit],
    ['perKg', prices.perKilogram],
    ['perLiter', prices.perLiter],
    ['per100g', prices.per100Gram],
    ['per100ml', prices.per100Ml],
  ] as const;
  return (
    <ul className={styles.muted} data-testid="unit-prices">
      {rows.map(([key, amount]) =>
        amount ? (
          <li key={key}>
            <UnitPrice label={key} amount={amount} />
          </li>
        ) : null,
      )}
    </ul>
  );
}

function UnitPrice({ label, amount }: { label: 'perUnit' | 'perKg' | 'perLiter' | 'per100g' | 'per100ml'; amount: string }) {
  const { t } = useTranslation();
  const format = useFormatPrice();
  return <span>{t(`product.unitPrice.${label}`, { amount: format(amount) })}</span>;
}
