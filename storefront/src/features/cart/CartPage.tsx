/**
 * The cart: lines with quantity and remove, scan sample names, free products, stock warnings,
 * the discount code and the totals. Totals follow a change at once from the WASM engine while
 * the server confirms; a server answer that differs from that preview shows an error box.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../lib/paths';
import { Page } from '../../components/layout/Page';
import { CartUsps } from '../../components/layout/Usps';
import { CartRecommendations } from './CartRecommendations';
import { cartItems } from '../../lib/cartTracking';
import { usePageEvent } from '../../lib/useAnalytics';
import { Loading } from '../../components/ui/Loading';
import { Price } from '../../components/ui/Price';
import { cartLimits, type CalculatedCart, type CalculatedProduct } from '../../engine';
import { checkForm } from '../../lib/forms';
import { CharacterCount, characterLimitId } from '../../components/ui/CharacterCount';
import styles from '../../components/shop.module.css';
import own from './CartPage.module.css';
import { cartApi } from '../../api/cart';
import { CartNotices, MismatchBox } from '../../components/cart/CartNotices';
import { CartTotals } from '../../components/cart/CartTotals';
import { FreeShippingProgress } from '../../components/cart/FreeShippingProgress';
import { useProductTexts } from '../../components/product/productTexts';
import { cartErrorText } from '../../lib/cartErrors';
import { useCart } from '../../lib/cart';

/** Whether each unit of the line carries a sample name (the engine's `cart.limits`). */
const takesSampleNames = (line: CalculatedProduct) => cartLimits().sampleNameProductTypes.includes(line.productType);

function QuantityInput({ line, onChange }: { line: CalculatedProduct; onChange: (quantity: number) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(line.quantity));
  // A new quantity from the cart replaces what is typed.
  const [shownQuantity, setShownQuantity] = useState(line.quantity);
  if (shownQuantity !== line.quantity) {
    setShownQuantity(line.quantity);
    setValue(String(line.quantity));
  }
  const commit = () => {
    const quantity = Number.parseInt(value, 10);
    if (Number.isFinite(quantity) && quantity !== Number(line.quantity)) onChange(quantity);
    else setValue(String(line.quantity));
  };
  return (
    <input
      type="number"
      min={0}
      max={cartLimits().maxQuantity}
      inputMode="numeric"
      value={value}
      aria-label={t('cart.quantityOf', { product: line.description })}
      data-testid={`quantity-${line.productVariantId}`}
      style={{ width: '4.5rem' }}
      onChange={(event) => setValue(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}

/**
 * The sample names of a scan line. The rule that every sample needs a name before the checkout
 * is shown at the line; after a refused attempt the unnamed samples are marked there too. A
 * name is never cut off at its limit: the count shows while typing, and a name that is too long
 * is refused at its field (the engine's `maxLength` message) instead of being sent.
 */
function SampleNames({ line, onError, showMissing }: { line: CalculatedProduct; onError: (text: string | null) => void; showMissing: boolean }) {
  const { t } = useTranslation();
  const names = new Map(line.rqsSamples.map((sample) => [Number(sample.sequence), sample.sampleName]));
  const sequences = Array.from({ length: Number(line.quantity) }, (_, index) => index + 1);
  const ruleId = `sample-rule-${line.productVariantId}`;
  const missing = sequences.filter((sequence) => (names.get(sequence) ?? '').trim() === '');
  return (
    <div className={styles.form} data-testid={`samples-${line.productVariantId}`}>
      <p id={ruleId} className={showMissing && missing.length > 0 ? styles.fieldError : styles.muted} data-testid={`sample-rule-${line.productVariantId}`}>
        {showMissing && missing.length > 0 ? t('validation.sampleNameRequired') : t('cart.sampleNameNeeded')}
      </p>
      {sequences.map((sequence) => (
        <SampleName
          key={sequence}
          line={line}
          sequence={sequence}
          saved={names.get(sequence) ?? ''}
          ruleId={ruleId}
          unnamed={showMissing && missing.includes(sequence)}
          onError={onError}
        />
      ))}
    </div>
  );
}

/** One sample's name: saved when the field is left, once the engine's check accepts it. */
function SampleName({
  line,
  sequence,
  saved,
  ruleId,
  unnamed,
  onError,
}: {
  line: CalculatedProduct;
  sequence: number;
  saved: string;
  ruleId: string;
  unnamed: boolean;
  onError: (text: string | null) => void;
}) {
  const { t } = useTranslation();
  const cart = useCart();
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const id = `sample-${line.productVariantId}-${sequence}`;
  const errorId = `${id}-error`;
  const save = async () => {
    const name = value.trim();
    if (name === saved || name === '') {
      setError(null);
      return;
    }
    const found = await checkForm({ sampleName: { value: name, rules: [{ rule: 'maxLength', count: cartLimits().sampleNameMaxLength }] } });
    setError(found.sampleName ?? null);
    if (found.sampleName) return;
    cart
      .call((cartId) => cartApi.setSampleName(cartId, Number(line.productVariantId), sequence, name))
      .then(
        () => onError(null),
        (failure: unknown) => onError(cartErrorText(failure, t)),
      );
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{t('cart.sampleName', { number: sequence })}</label>
      <input
        id={id}
        value={value}
        placeholder={t('cart.samplePlaceholder')}
        aria-describedby={[ruleId, characterLimitId(id), ...(error ? [errorId] : [])].join(' ')}
        aria-invalid={unnamed || error ? true : undefined}
        data-testid={id}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => void save()}
      />
      <CharacterCount fieldId={id} value={value} max={cartLimits().sampleNameMaxLength} threshold={0.75} />
      {error && (
        <span id={errorId} className={styles.fieldError} data-testid={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

function CartLine({
  line,
  calculation,
  onError,
  showMissingSamples,
}: {
  line: CalculatedProduct;
  calculation: CalculatedCart;
  onError: (text: string | null) => void;
  showMissingSamples: boolean;
}) {
  const { t } = useTranslation();
  const texts = useProductTexts();
  const cart = useCart();
  const variantId = Number(line.productVariantId);
  const warning = calculation.stockWarnings.find((candidate) => Number(candidate.productVariantId) === variantId);
  const run = (promise: Promise<unknown>) =>
    promise.then(
      () => onError(null),
      (error: unknown) => onError(cartErrorText(error, t)),
    );
  const discounted = line.originalAmount !== line.totalAmount;
  return (
    <li className={styles.card} data-testid="cart-line" data-variant-id={variantId}>
      <div className={styles.row} style={{ justifyContent: 'space-between' }}>
        <div>
          <strong>{line.description}</strong>
          <div className={styles.muted}>{texts.variantLabel(line.productLabel)}</div>
          {line.productDiscounts.map((discount) => (
            <div key={discount.promotionKey} className={styles.muted} data-testid="product-discount">
              {discount.description}
            </div>
          ))}
        </div>
        <div className={styles.row}>
          <QuantityInput line={line} onChange={(quantity) => void run(quantity === 0 ? cart.remove(variantId) : cart.setQuantity(variantId, quantity))} />
          <span data-testid="line-total">
            {discounted && (
              <s className={styles.muted}>
                <Price amount={line.originalAmount} />
              </s>
            )}
            <Price amount={line.totalAmount} />
          </span>
          <button type="button" className={styles.secondary} onClick={() => void run(cart.remove(variantId))} data-testid={`remove-${variantId}`}>
            {t('cart.remove')}
          </button>
        </div>
      </div>
      {warning && (
        <p className={styles.warning} role="alert" data-testid="stock-warning">
          {t('validation.stockLimited', { amount: Number(warning.amount) })}
        </p>
      )}
      {takesSampleNames(line) && <SampleNames line={line} onError={onError} showMissing={showMissingSamples} />}
      {line.freeProducts.map((free) => (
        <div key={free.productVariantId} className={styles.row} data-testid="free-product">
          <span className={styles.notice}>{t('cart.freeProduct')}</span>
          <span>
            {t('cart.freeProductLine', { count: Number(free.quantity), product: free.description })}
            {free.promotionText ? ` (${free.promotionText})` : ''}
          </span>
          <s className={styles.muted}>
            <Price amount={free.originalAmount} />
          </s>
          <span>{t('common.free')}</span>
        </div>
      ))}
    </li>
  );
}

/**
 * Empties the cart (a new cart takes its place). It cannot be undone, so the visitor confirms
 * first; the focus goes to the question's safe answer (cancel).
 */
function EmptyCart({ onError }: { onError: (text: string | null) => void }) {
  const { t } = useTranslation();
  const cart = useCart();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className={styles.secondary} onClick={() => setAsking(true)} disabled={cart.pending} data-testid="empty-cart">
        {t('cart.clear.button')}
      </button>
    );
  }
  const empty = () => {
    setBusy(true);
    cart.empty().then(
      () => onError(null),
      (error: unknown) => {
        onError(cartErrorText(error, t));
        setBusy(false);
        setAsking(false);
      },
    );
  };
  return (
    <div className={styles.warning} role="alertdialog" aria-labelledby="empty-cart-question" data-testid="empty-cart-confirm">
      <p id="empty-cart-question">{t('cart.clear.question')}</p>
      <div className={styles.row}>
        <button type="button" className={styles.button} onClick={empty} disabled={busy} data-testid="empty-cart-yes">
          {t('cart.clear.confirm')}
        </button>
        <button ref={cancel} type="button" className={styles.secondary} onClick={() => setAsking(false)} disabled={busy} data-testid="empty-cart-no">
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}

function DiscountCode({ code }: { code: string | null }) {
  const { t } = useTranslation();
  const cart = useCart();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (code) {
    return (
      <div className={styles.row} data-testid="discount-code">
        <span>{t('cart.discountCode.applied', { code })}</span>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => void cart.removeDiscountCode().catch((failure: unknown) => setError(cartErrorText(failure, t)))}
        >
          {t('cart.discountCode.remove')}
        </button>
      </div>
    );
  }
  return (
    <form
      className={styles.form}
      data-testid="discount-code"
      onSubmit={(event) => {
        event.preventDefault();
        void (async () => {
          const entered = value.trim();
          const errors = await checkForm({ code: { value: entered, rules: [{ rule: 'required' }, { rule: 'maxLength', count: 50 }] } });
          if (errors.code) {
            setError(errors.code);
            return;
          }
          setBusy(true);
          cart
            .addDiscountCode(entered)
            .then(
              () => {
                setError(null);
                setValue('');
              },
              (failure: unknown) => setError(cartErrorText(failure, t)),
            )
            .finally(() => setBusy(false));
        })();
      }}
    >
      <label>
        {t('cart.discountCode.label')}
        <span className={styles.row}>
          <input
            name="code"
            value={value}
            placeholder={t('cart.discountCode.placeholder')}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'discount-code-error' : undefined}
          />
          <button type="submit" className={styles.secondary} disabled={busy}>
            {t('cart.discountCode.apply')}
          </button>
        </span>
      </label>
      {error && (
        <span id="discount-code-error" className={styles.fieldError} role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

export function CartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cart = useCart();
  const [error, setError] = useState<string | null>(null);
  const [showMissingSamples, setShowMissingSamples] = useState(false);
  const calculation = cart.calculation;
  // The data layer's view_cart, once per visit of the page, with the cart as it was loaded.
  usePageEvent(
    'view_cart',
    cart.loaded && cart.answer && cart.answer.calculation.products.length > 0
      ? { value: cart.answer.calculation.totalAmount, items: cartItems(cart.answer) }
      : null,
    'cart',
  );
  if (!cart.loaded) {
    return (
      <Page title={t('cart.title')} testId="page-cart">
        <Loading />
      </Page>
    );
  }
  if (!calculation || calculation.products.length === 0) {
    return (
      <Page title={t('cart.title')} testId="page-cart">
        <p data-testid="cart-empty">{t('cart.empty')}</p>
        <p>
          <Link to={paths.home}>{t('cart.continueShopping')}</Link>
        </p>
      </Page>
    );
  }
  const samples = calculation.products.filter(takesSampleNames);
  const toCheckout = async () => {
    const names = samples.flatMap((line) => {
      const byNumber = new Map(line.rqsSamples.map((sample) => [Number(sample.sequence), sample.sampleName]));
      return Array.from({ length: Number(line.quantity) }, (_, index) => byNumber.get(index + 1) ?? '');
    });
    if (samples.length > 0) {
      const errors = await checkForm({ samples: { value: names as unknown as string, rules: [{ rule: 'sampleNames' }] } });
      if (errors.samples) {
        setError(errors.samples);
        setShowMissingSamples(true);
        return;
      }
    }
    void navigate(paths.checkout.base);
  };
  return (
    <Page title={t('cart.title')} testId="page-cart">
      <MismatchBox />
      <CartNotices />
      {/* On a phone the totals come after every line: the total and the way on are at the top too. */}
      <div className={own.checkoutBar} data-testid="cart-checkout-bar">
        <p className={own.barTotal}>
          <span>{t('cart.total')}</span>
          <span data-testid="cart-checkout-bar-total">
            <Price amount={calculation.totalAmount} />
          </span>
        </p>
        <button type="button" className={styles.button} onClick={() => void toCheckout()} data-testid="to-checkout-top" disabled={cart.pending}>
          {t('cart.toCheckout')}
        </button>
      </div>
      <div className={styles.cartLayout}>
        <section aria-label={t('cart.product')}>
          <p className={styles.muted}>{t('cart.itemCount', { count: Number(calculation.itemCount) })}</p>
          <ul className={`${styles.grid} ${cart.pending && !cart.previewing ? styles.pending : ''}`} style={{ gridTemplateColumns: '1fr' }}>
            {calculation.products.map((line) => (
              <CartLine key={line.productVariantId} line={line} calculation={calculation} onError={setError} showMissingSamples={showMissingSamples} />
            ))}
          </ul>
          {error && (
            <p className={styles.fieldError} role="alert" data-testid="cart-error">
              {error}
            </p>
          )}
          <EmptyCart onError={setError} />
        </section>
        <aside className={styles.card} aria-label={t('checkout.summary.title')}>
          <DiscountCode code={cart.answer?.cart.discountCode ?? null} />
          <FreeShippingProgress calculation={calculation} />
          <CartTotals calculation={calculation} />
          <button type="button" className={styles.button} onClick={() => void toCheckout()} data-testid="to-checkout" disabled={cart.pending}>
            {t('cart.toCheckout')}
          </button>
          <Link to={paths.home}>{t('cart.continueShopping')}</Link>
          <CartUsps />
        </aside>
      </div>
      <CartRecommendations productIds={calculation.products.map((line) => line.productId).join(',')} />
    </Page>
  );
}
