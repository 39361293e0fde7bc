import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { StarRating } from '../../components/ui/StarRating';
import { ProductImage, type ImageLoading } from '../../components/ui/ProductImage';
import { CompareButton } from '../../components/product/CompareButton';
import { ShelfPrice } from '../../components/product/ShelfPrice';
import type { ProductHit } from '../../api/catalog';
import { StockLabel, UnitPriceList } from '../../components/product/ProductFacts';
import { trackEvent, trackingItem } from '../../lib/analytics';
import { useImpression } from '../../lib/useAnalytics';
import { useAddToCart } from '../../lib/useAddToCart';
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

/**
 * One of the card's variant into the cart: the cart drawer opens with the line, and closing it
 * gives the focus back to this button. The product's name, read by screen readers only, tells
 * the buttons of a list apart.
 */
function CardAddToCart({ product }: { product: ProductHit }) {
  const { t } = useTranslation();
  const { add, busy, failure } = useAddToCart();
  return (
    <>
      <button
        type="button"
        className={styles.add}
        disabled={busy}
        data-testid="card-add-to-cart"
        onClick={(event) => void add(product.productVariantId, 1, event.currentTarget)}
      >
        <ShoppingCart className={styles.addIcon} aria-hidden="true" focusable="false" />
        <span>
          {t('product.addToCart')}
          <span className="visually-hidden">{` – ${product.name}`}</span>
        </span>
      </button>
      <span aria-live="polite" className={styles.addFailed}>
        {failure !== null && (
          <span role="alert" data-testid="card-add-to-cart-failed">
            <strong>{t('errors.failedShort')}</strong> {failure}
          </span>
        )}
      </span>
    </>
  );
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
      <div className={styles.actions}>
        <CompareButton product={{ productId: product.productId, productVariantId: product.productVariantId }} />
        {product.stockState !== 'outOfStock' && <CardAddToCart product={product} />}
      </div>
    </li>
  );
}
