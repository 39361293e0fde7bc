import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Price } from '../../components/ui/Price';
import { ProductImage } from '../../components/ui/ProductImage';
import { CompareButton } from '../../components/product/CompareButton';
import styles from '../../components/shop.module.css';
import type { ProductHit } from '../../api/catalog';
import { StockLabel, UnitPriceList } from '../../components/product/ProductFacts';
import { trackEvent, trackingItem } from '../../lib/analytics';
import { useImpression } from '../../lib/useAnalytics';
import { useFormatQuantity } from '../../lib/quantity';

/** The tracking item of a product card (lib/analytics.ts). */
export function cardItem(product: ProductHit, listName: string, position: number) {
  return trackingItem(
    {
      productId: product.productId,
      name: product.name,
      price: product.price,
      brand: product.brand,
      productGroup: product.productGroup,
      variant: product.productVariantId,
    },
    { listName, position },
  );
}

export function ProductCard({ product, position, listName = '' }: { product: ProductHit; position: number; listName?: string }) {
  const { t } = useTranslation();
  const quantity = useFormatQuantity();
  const to = product.url ?? '#';
  const item = cardItem(product, listName, position);
  useImpression(item);
  return (
    <li className={styles.card} data-testid="product-card" data-position={position} data-variant-id={product.productVariantId}>
      <Link to={to} onClick={() => trackEvent('select_item', { item_list_name: listName, items: [item] })}>
        <ProductImage image={product.image} alt="" size={320} />
        <h2>{product.name}</h2>
      </Link>
      {product.shortDescription && <p className={styles.muted}>{product.shortDescription}</p>}
      <span className={styles.price}>
        <Price amount={product.price} />
      </span>
      <UnitPriceList prices={product.unitPrice} />
      {product.rating.average && <span className={styles.muted}>{t('reviews.averageRating', { rating: quantity.text(product.rating.average) })}</span>}
      <StockLabel state={product.stockState} />
      <CompareButton product={{ productId: product.productId, productVariantId: product.productVariantId }} />
    </li>
  );
}
