import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Price, useFormatPrice } from '../../components/ui/Price';
import { ProductImage } from '../../components/ui/ProductImage';
import { CompareButton } from '../compare/CompareButton';
import styles from '../../components/shop.module.css';
import type { ProductHit, StockState, UnitPrices } from './api';

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

export function ProductCard({ product, position }: { product: ProductHit; position: number }) {
  const { t } = useTranslation();
  const to = product.url ?? '#';
  return (
    <li className={styles.card} data-testid="product-card" data-position={position} data-variant-id={product.productVariantId}>
      <Link to={to}>
        <ProductImage image={product.image} alt="" size={320} />
        <h2>{product.name}</h2>
      </Link>
      {product.shortDescription && <p className={styles.muted}>{product.shortDescription}</p>}
      <span className={styles.price}>
        <Price amount={product.price} />
      </span>
      <UnitPriceList prices={product.unitPrice} />
      {product.rating.average !== null && <span className={styles.muted}>{t('reviews.averageRating', { rating: product.rating.average })}</span>}
      <StockLabel state={product.stockState} />
      <CompareButton product={{ productId: product.productId, productVariantId: product.productVariantId }} />
    </li>
  );
}
