import { Link } from 'react-router';

import { StarRating } from '../../components/ui/StarRating';
import { ProductImage, type ImageLoading } from '../../components/ui/ProductImage';
import { CompareButton } from '../../components/product/CompareButton';
import { ShelfPrice } from '../../components/product/ShelfPrice';
import type { ProductHit } from '../../api/catalog';
import { StockLabel, UnitPriceList } from '../../components/product/ProductFacts';
import { trackEvent, trackingItem } from '../../lib/analytics';
import { useImpression } from '../../lib/useAnalytics';
import styles from './ProductCard.module.css';

/** The tracking item of a product card (lib/analytics.ts). */
export function cardItem(product: ProductHit, listName: string, position: number) {
  return trackingItem(
    {
      productId: product.productId,
      name: product.name,
      price: product.reduction?.price ?? product.price,
      brand: product.brand,
      productGroup: product.productGroup,
      variant: product.productVariantId,
    },
    { listName, position },
  );
}

/** The cards of a list's first row (two on a phone, four on a laptop) load their images at once, the first before any other. */
const EAGER_CARDS = 4;

/** How a card at this place in its page (0 = first) loads its image. */
export function cardImageLoading(index: number): ImageLoading {
  return index === 0 ? 'first' : index < EAGER_CARDS ? 'eager' : 'lazy';
}

export function ProductCard({
  product,
  position,
  listName = '',
  imageLoading = 'lazy',
}: {
  product: ProductHit;
  position: number;
  listName?: string;
  imageLoading?: ImageLoading;
}) {
  const to = product.url ?? '#';
  const item = cardItem(product, listName, position);
  useImpression(item);
  return (
    <li className={styles.card} data-testid="product-card" data-position={position} data-variant-id={product.productVariantId}>
      <Link to={to} className={styles.link} onClick={() => trackEvent('select_item', { item_list_name: listName, items: [item] })}>
        <ProductImage image={product.image} alt="" size={320} loading={imageLoading} />
        <h2 className={styles.name}>{product.name}</h2>
      </Link>
      {product.shortDescription && <p className={styles.description}>{product.shortDescription}</p>}
      <span className={styles.price}>
        <ShelfPrice price={product.price} reduction={product.reduction} />
      </span>
      <UnitPriceList prices={product.reduction?.unitPrice ?? product.unitPrice} />
      {product.rating.average && <StarRating rating={product.rating.average} size="small" />}
      <StockLabel state={product.stockState} />
      <span className={styles.compare}>
        <CompareButton product={{ productId: product.productId, productVariantId: product.productVariantId }} />
      </span>
    </li>
  );
}
