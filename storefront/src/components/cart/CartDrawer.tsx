/**
 * The cart drawer: after something was added to the cart (`justAddedAtom`), a drawer shows the
 * added lines (name, variant, quantity and the line's amount), the cart's total, the way to the
 * checkout and back to shopping. Every amount is the server's (its last cart answer), formatted
 * by the engine; nothing is computed here.
 */
import { useAtom, useAtomValue } from 'jotai';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { cartAnswerAtom, justAddedAtom } from '../../lib/cart';
import { paths } from '../../lib/paths';
import { useProductTexts } from '../product/productTexts';
import { Drawer } from '../ui/Drawer';
import { Price } from '../ui/Price';
import { FreeShippingProgress } from './FreeShippingProgress';
import styles from './CartDrawer.module.css';

export function CartDrawer() {
  const { t } = useTranslation();
  const texts = useProductTexts();
  const [added, setAdded] = useAtom(justAddedAtom);
  const answer = useAtomValue(cartAnswerAtom);
  const { pathname } = useLocation();
  // Another page (a link followed, the browser's back button) closes the drawer.
  useEffect(() => {
    setAdded(null);
  }, [pathname, setAdded]);
  if (!added || !answer) return null;
  const calculation = answer.calculation;
  const lines = calculation.products.filter((line) => added.productVariantIds.includes(Number(line.productVariantId)));
  const close = () => setAdded(null);
  return (
    <Drawer
      title={
        <>
          <CircleCheck className={styles.titleIcon} aria-hidden="true" focusable="false" />
          {t('success.addedToCart')}
        </>
      }
      onClose={close}
      opener={added.opener}
      testId="added-to-cart"
    >
      <ul className={styles.lines}>
        {lines.map((line) => (
          <li key={line.productVariantId} className={styles.line} data-testid="cart-drawer-line" data-variant-id={line.productVariantId}>
            <p className={styles.name}>{line.description}</p>
            {line.productLabel && <p className={styles.variant}>{texts.variantLabel(line.productLabel)}</p>}
            <dl className={styles.facts}>
              <dt>{t('cart.quantity')}</dt>
              <dd data-testid="cart-drawer-quantity">{line.quantity}</dd>
              <dt>{t('cart.price')}</dt>
              <dd data-testid="cart-drawer-amount">
                <Price amount={line.totalAmount} />
              </dd>
            </dl>
            {line.freeProducts.map((free) => (
              <p key={free.productVariantId} className={styles.free} data-testid="cart-drawer-free">
                <span className={styles.freeLabel}>{t('cart.freeProduct')}</span>{' '}
                {t('cart.freeProductLine', { count: Number(free.quantity), product: free.description })}
              </p>
            ))}
          </li>
        ))}
      </ul>
      <dl className={styles.total}>
        <dt>
          {t('cart.total')} <span className={styles.count}>({t('cart.itemCount', { count: Number(calculation.itemCount) })})</span>
        </dt>
        <dd data-testid="cart-drawer-total">
          <Price amount={calculation.totalAmount} />
        </dd>
      </dl>
      <FreeShippingProgress calculation={calculation} />
      <div className={styles.actions}>
        <Link to={paths.checkout.base} className={styles.primary} onClick={close} data-testid="cart-drawer-checkout">
          {t('cart.toCheckout')}
        </Link>
        <Link to={paths.cart} className={styles.secondary} onClick={close} data-testid="cart-drawer-cart">
          {t('cart.drawer.viewCart')}
        </Link>
        <button type="button" className={styles.link} onClick={close} data-testid="cart-drawer-continue">
          {t('cart.continueShopping')}
        </button>
      </div>
    </Drawer>
  );
}
