import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Price } from '../../components/ui/Price';
import { ProductImage } from '../../components/ui/ProductImage';
import { CompareButton } from '../../components/product/CompareButton';
import styles from '../../components/shop.module.css';
import type { ProductHit } from '../../api/catalog';
import { StockLabel, UnitPriceList } from '../../components/product/ProductFacts';

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
