/**
 * The comparison page: the products of the stored list (at most 4) side by side, with price,
 * unit prices, stock, specifications and nutrients, and remove / add to cart.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { Page } from '../../components/layout/Page';
import { ErrorBox } from '../../components/ui/ErrorBox';
import { Loading } from '../../components/ui/Loading';
import { Price } from '../../components/ui/Price';
import { ProductImage } from '../../components/ui/ProductImage';
import { fetchProduct, type ProductDetail } from '../../api/catalog';
import { StockLabel, UnitPriceList } from '../../components/product/ProductFacts';
import { nutrientLabel } from '../../components/product/nutrients';
import { useProductTexts } from '../../components/product/productTexts';
import styles from '../../components/shop.module.css';
import { useCompareList } from '../../lib/compare';
import { useFormatQuantity } from '../../lib/quantity';

export function ComparePage() {
  const { t } = useTranslation();
  const quantity = useFormatQuantity();
  const texts = useProductTexts();
  const { list, known, remove, clear } = useCompareList();
  const [products, setProducts] = useState<ProductDetail[] | null>(null);
  const [failed, setFailed] = useState(false);
  const ids = list.map((item) => item.productVariantId).join(',');
  // Another list loads again (state adjusted while rendering); the old list's products are not shown meanwhile.
  const [loadedIds, setLoadedIds] = useState(ids);
  if (loadedIds !== ids) {
    setLoadedIds(ids);
    setProducts(null);
    setFailed(false);
  }
  useEffect(() => {
    let current = true;
    const variantIds = ids === '' ? [] : ids.split(',').map(Number);
    Promise.all(variantIds.map((variantId) => fetchProduct(variantId))).then(
      (found) => current && setProducts(found),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [ids]);
  // The server cannot know the visitor's list: it renders the page loading, as the browser's first render does.
  if (!known) {
    return (
      <Page title={t('compare.title')} testId="page-compare">
        <Loading />
      </Page>
    );
  }
  if (list.length === 0) {
    return (
      <Page title={t('compare.title')} testId="page-compare">
        <p data-testid="compare-empty">{t('compare.empty')}</p>
      </Page>
    );
  }
  if (failed) {
    return (
      <Page title={t('compare.title')} testId="page-compare">
        <ErrorBox />
      </Page>
    );
  }
  if (!products) {
    return (
      <Page title={t('compare.title')} testId="page-compare">
        <Loading />
      </Page>
    );
  }
  const nutrients = [...new Map(products.flatMap((product) => product.nutrients.map((nutrient) => [nutrient.nutrient, nutrient] as const))).values()];
  const row = (label: string, cell: (product: ProductDetail) => ReactNode) => (
    <tr>
      <th scope="row">{label}</th>
      {products.map((product) => (
        <td key={product.productId}>{cell(product)}</td>
      ))}
    </tr>
  );
  return (
    <Page title={t('compare.title')} testId="page-compare">
      <p>
        <button type="button" className={styles.secondary} onClick={clear}>
          {t('compare.clear')}
        </button>
      </p>
      <div className={styles.scroll}>
        <table className={styles.table} data-testid="compare-table">
          <thead>
            <tr>
              <td />
              {products.map((product) => (
                <th key={product.productId} scope="col" data-testid="compare-product">
                  <ProductImage image={product.image} alt="" size={120} />
                  <div>
                    <Link to={product.url ?? '#'}>{product.name}</Link>
                  </div>
                  <button type="button" className={styles.secondary} onClick={() => remove(product.productId)}>
                    {t('compare.remove')}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {row(t('cart.price'), (product) => (
              <Price amount={product.price} />
            ))}
            {row(t('product.content'), (product) => (
              <UnitPriceList prices={product.unitPrice} />
            ))}
            {row(t('product.rating'), (product) =>
              product.rating.average ? t('reviews.averageRating', { rating: quantity.text(product.rating.average) }) : null,
            )}
            {row(t('product.brand'), (product) => product.brand)}
            {row(t('product.packaging'), (product) => texts.packaging(product.packaging))}
            {row(t('product.energyLevel'), (product) =>
              product.energyLevel
                ? t(product.energyLevel === 'low' ? 'product.energyLow' : product.energyLevel === 'medium' ? 'product.energyMedium' : 'product.energyHigh')
                : null,
            )}
            {row(t('product.inStock'), (product) => (
              <StockLabel state={product.stock.state} />
            ))}
            {nutrients.map((shown) => (
              <tr key={shown.nutrient}>
                <th scope="row">{nutrientLabel(t, shown)}</th>
                {products.map((product) => {
                  const nutrient = product.nutrients.find((candidate) => candidate.nutrient === shown.nutrient);
                  return <td key={product.productId}>{nutrient ? `${texts.number(nutrient.amount)} ${nutrient.unit}`.trim() : null}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Page>
  );
}
