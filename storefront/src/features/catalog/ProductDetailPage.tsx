/**
 * Product detail: images, price and unit prices (computed by the server's engine), stock state,
 * back-in-stock sign-up, specifications, nutrients, reviews with the write-review form, compare
 * and add to cart with a quantity.
 */
import { Check } from 'lucide-react';
import { Fragment, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { Page } from '../../components/layout/Page';
import { AsyncView } from '../../components/ui/AsyncView';
import { Deferred } from '../../components/ui/Deferred';
import { ErrorBox } from '../../components/ui/ErrorBox';
import { Loading } from '../../components/ui/Loading';
import { ShelfPrice } from '../../components/product/ShelfPrice';
import { StarRating } from '../../components/ui/StarRating';
import { cartLimits, formatDate } from '../../engine';
import { useAddToCart } from '../../lib/useAddToCart';
import { CompareButton } from '../../components/product/CompareButton';
import styles from '../../components/shop.module.css';
import own from './ProductDetail.module.css';
import { fetchProduct, fetchReviews, type ProductDetail, remindWhenInStock } from '../../api/catalog';
import { checkNamedForm } from '../../lib/forms';
import { paths } from '../../lib/paths';
import { nutrientGroupLabel, nutrientLabel } from '../../components/product/nutrients';
import { StockLabel, UnitPriceList } from '../../components/product/ProductFacts';
import { useProductTexts } from '../../components/product/productTexts';
import { ProductGallery } from './ProductGallery';
import { ReviewForm } from './ReviewForm';
import { ReviewLanguage } from './ReviewLanguage';
import { trackingItem } from '../../lib/analytics';
import { usePageEvent } from '../../lib/useAnalytics';

/** Product type 2: feed and supplements, dosed by the feed calculator. */
const FEED_PRODUCT_TYPE = 2;

/**
 * Add to cart with a quantity. Once the server has the line, the cart drawer opens with it
 * (`useAddToCart`); closing the drawer gives the focus back to the button.
 */
function AddToCart({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const { add, busy, failure } = useAddToCart();
  const button = useRef<HTMLButtonElement>(null);
  const [quantity, setQuantity] = useState('1');
  if (!product.stock.orderable) return null;
  return (
    <form
      className={styles.row}
      onSubmit={(event) => {
        event.preventDefault();
        const count = Number.parseInt(quantity, 10);
        void add(product.productVariantId, Number.isFinite(count) ? count : 0, button.current);
      }}
    >
      <label className={styles.row}>
        <span>{t('product.quantity')}</span>
        <input
          type="number"
          min={1}
          max={cartLimits().maxQuantity}
          inputMode="numeric"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          data-testid="quantity"
          style={{ width: '5rem' }}
        />
      </label>
      <button ref={button} type="submit" className={styles.button} disabled={busy} data-testid="add-to-cart">
        {t('product.addToCart')}
      </button>
      <span aria-live="polite">
        {failure !== null && (
          <span className={styles.fieldError} role="alert" data-testid="add-to-cart-failed">
            <strong>{t('errors.failedShort')}</strong> {failure}
          </span>
        )}
      </span>
    </form>
  );
}

function BackInStock({ productVariantId }: { productVariantId: number }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<'no' | 'sending' | 'sent' | 'failed'>('no');
  return (
    <form
      className={styles.form}
      noValidate
      data-testid="back-in-stock"
      onSubmit={(event) => {
        event.preventDefault();
        void (async () => {
          const errors = await checkNamedForm('emailAddress', { emailAddress: email });
          setError(errors.emailAddress ?? null);
          if (errors.emailAddress) return;
          setSent('sending');
          remindWhenInStock(productVariantId, email)
            .then(() => setSent('sent'))
            .catch(() => setSent('failed'));
        })();
      }}
    >
      <strong>{t('product.notifyMe')}</strong>
      <label>
        {t('product.notifyEmail')}
        <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} aria-invalid={error ? true : undefined} />
        {error && (
          <span className={styles.fieldError} role="alert">
            {error}
          </span>
        )}
      </label>
      <button type="submit" className={styles.secondary} disabled={sent === 'sending' || sent === 'sent'}>
        {t('product.notifySubmit')}
      </button>
      {sent === 'sent' && (
        <p className={styles.notice} role="status" data-testid="back-in-stock-sent">
          {t('product.notifyConfirmed')}
        </p>
      )}
      {sent === 'failed' && (
        <p className={styles.fieldError} role="alert">
          {t('product.notifyNotAvailable')}
        </p>
      )}
    </form>
  );
}

function Reviews({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const promise = useMemo(() => fetchReviews(product.productId), [product.productId]);
  return (
    <section aria-labelledby="reviews-title" data-testid="reviews">
      <h2 id="reviews-title">{t('reviews.title')}</h2>
      <AsyncView promise={promise} pending={<Loading />} rejected={() => <p role="alert">{t('errors.generic')}</p>}>
        {(page) => (
          <>
            {page.averageRating && (
              <p>
                <StarRating rating={page.averageRating} showText />
                <span className={styles.separated}>{t('reviews.basedOn', { count: page.reviewCount })}</span>
              </p>
            )}
            {page.reviews.length === 0 ? (
              <p>{t('reviews.none')}</p>
            ) : (
              <ul className={styles.grid}>
                {page.reviews.map((review) => (
                  <li key={review.reviewId} className={styles.card} data-testid="review">
                    <h3>{review.title}</h3>
                    <StarRating rating={review.rating} size="small" />
                    <p>{review.text}</p>
                    <p className={styles.muted}>
                      <span>{review.reviewerName}</span>
                      <span className={styles.separated}>{formatDate({ date: review.createdAt.slice(0, 10) }).text}</span>
                      <ReviewLanguage culture={review.culture} />
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </AsyncView>
      <ReviewForm productId={product.productId} />
    </section>
  );
}

function Details({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const texts = useProductTexts();
  const nutrients = product.nutrients;
  const { length, width, height } = product.dimensionsCm;
  const specs: [string, string | null][] = [
    [t('product.articleNumber'), product.articleNumber],
    [t('product.ean'), product.ean],
    [t('product.brand'), product.brand],
    [t('product.colour'), texts.colour(product.colour)],
    [t('product.packaging'), texts.packaging(product.packaging)],
    [t('product.content'), texts.content(product.content.amount, product.content.unit)],
    [t('product.weight'), t('product.weightValue', { kilograms: texts.number(product.weightKg) })],
    [t('product.dimensions'), t('product.dimensionsValue', { length: texts.number(length), width: texts.number(width), height: texts.number(height) })],
    [t('product.quantityPerPallet'), String(product.quantityPerPallet)],
    [t('product.shelfLife'), product.shelfLifeMonths === null ? null : t('product.shelfLifeValue', { count: product.shelfLifeMonths })],
    [t('product.deliveryTime'), t('product.deliveryTimeValue')],
    [
      t('product.energyLevel'),
      product.energyLevel === null
        ? null
        : t(product.energyLevel === 'low' ? 'product.energyLow' : product.energyLevel === 'medium' ? 'product.energyMedium' : 'product.energyHigh'),
    ],
  ];
  return (
    <>
      {product.longDescription && (
        <section>
          <h2>{t('product.description')}</h2>
          <p>{product.longDescription}</p>
        </section>
      )}
      <section>
        <h2>{t('product.specifications')}</h2>
        <table className={styles.table} data-testid="specifications">
          <tbody>
            {specs
              .filter(([, value]) => value !== null && value !== '')
              .map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{value}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </section>
      {product.composition && (
        <section>
          <h2>{t('product.composition')}</h2>
          <p>{product.composition}</p>
        </section>
      )}
      {nutrients.length > 0 && (
        <Deferred>
          <section>
            <h2>{t('product.nutrients.title')}</h2>
            <div className={styles.scroll}>
              <table className={styles.table} data-testid="nutrients">
                <tbody>
                  {nutrients.map((nutrient, index) => {
                    const group = nutrients[index - 1]?.group !== nutrient.group ? nutrientGroupLabel(t, nutrient.group) : null;
                    return (
                      <Fragment key={nutrient.nutrient}>
                        {group && (
                          <tr>
                            <th colSpan={2} scope="rowgroup">
                              {group}
                            </th>
                          </tr>
                        )}
                        <tr>
                          <th scope="row">{nutrientLabel(t, nutrient)}</th>
                          <td>{`${texts.number(nutrient.amount)} ${nutrient.unit}`.trim()}</td>
                        </tr>
                      </Fragment>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
        </Deferred>
      )}
    </>
  );
}

export function ProductView({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const texts = useProductTexts();
  const price = product.reduction?.price ?? product.price;
  // The data layer's view_item, once per variant shown.
  usePageEvent(
    'view_item',
    {
      value: price,
      items: [
        trackingItem({
          productId: product.productId,
          name: product.name ?? '',
          price,
          brand: product.brand,
          productGroup: product.productGroup,
          variant: product.productVariantId,
        }),
      ],
    },
    String(product.productVariantId),
  );
  // In the catalog's order (by variant id), the same on every variant's page: choosing one never moves the buttons.
  const variants = [product, ...product.otherVariants].filter((variant) => variant.url).sort((a, b) => a.productVariantId - b.productVariantId);
  return (
    <Page title={product.name ?? ''} testId="page-productDetail">
      <div className={styles.detail} data-product-id={product.productId} data-variant-id={product.productVariantId}>
        <div className={styles.media}>
          <ProductGallery images={product.images} name={product.name ?? ''} />
        </div>
        <div>
          {product.shortDescription && <p>{product.shortDescription}</p>}
          {product.rating.average && (
            <p className={styles.muted}>
              <a href="#reviews-title">
                <StarRating rating={product.rating.average} showText />
                <span className={styles.separated}>{t('reviews.basedOn', { count: product.rating.count })}</span>
              </a>
            </p>
          )}
          {variants.length > 1 && (
            <nav aria-label={t('product.chooseVariant')} data-testid="variant-choice">
              <ul className={own.variants}>
                {variants.map((variant) => {
                  const current = variant.productVariantId === product.productVariantId;
                  return (
                    <li key={variant.productVariantId}>
                      {/* The chosen one is marked by its border, weight and check, not by colour alone. */}
                      <Link
                        to={variant.url ?? '#'}
                        aria-current={current ? 'true' : undefined}
                        className={own.variant}
                        data-variant-id={variant.productVariantId}
                      >
                        {current && <Check className={own.check} aria-hidden="true" focusable="false" />}
                        {variant.variantLabel ?? texts.content(variant.content.amount, variant.content.unit)}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
          )}
          <p className={styles.price} data-testid="product-price">
            <ShelfPrice price={product.price} reduction={product.reduction} />
          </p>
          <UnitPriceList prices={product.reduction?.unitPrice ?? product.unitPrice} />
          <p>
            <StockLabel state={product.stock.state} />
          </p>
          <AddToCart product={product} />
          {product.stock.stockReminderAvailable && <BackInStock productVariantId={product.productVariantId} />}
          <CompareButton product={{ productId: product.productId, productVariantId: product.productVariantId }} />
          {product.productType === FEED_PRODUCT_TYPE && (
            <p>
              <Link to={`${paths.feedCalculator}?productId=${product.productId}`} data-testid="product-feed-calculator">
                {t('feedCalculator.forProduct')}
              </Link>
            </p>
          )}
        </div>
      </div>
      <Details product={product} />
      <Deferred>
        <Reviews product={product} />
      </Deferred>
    </Page>
  );
}

/**
 * The product page of the variant the route names: the product its loader brought (also on the
 * server), else fetched here.
 */
export function ProductDetailPage({ productVariantId, product }: { productVariantId: number; product?: ProductDetail }) {
  if (product) return <ProductView product={product} />;
  return <FetchedProduct productVariantId={productVariantId} />;
}

function FetchedProduct({ productVariantId }: { productVariantId: number }) {
  const promise = useMemo(() => fetchProduct(productVariantId), [productVariantId]);
  return (
    <AsyncView promise={promise} pending={<Loading />} rejected={() => <ErrorBox />}>
      {(product) => <ProductView product={product} />}
    </AsyncView>
  );
}
