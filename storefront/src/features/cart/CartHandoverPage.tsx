/**
 * `/cart/handover/?key=…`: the link customer service sends with a cart it prepared (a handover
 * key from `POST /api/backoffice/carts/{id}/handoverkey`). The key is handed in once
 * (`POST /api/cart/impersonate?key=`), the cart it names becomes the visitor's cart, and the cart
 * page shows it; an unknown, used or expired key is said so in the visitor's language.
 *
 * The key is handed in from the browser only (an effect): a page the server renders does not
 * use up the visitor's key.
 */
import type { TFunction } from 'i18next';
import { useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { readApiError } from '../../api/cart';
import { Page } from '../../components/layout/Page';
import { Loading } from '../../components/ui/Loading';
import { takeOverCart } from '../../lib/cart';
import { cartErrorText } from '../../lib/cartErrors';
import { paths } from '../../lib/paths';
import styles from '../../components/shop.module.css';

/** The server's answers to a key that cannot be used: none given (400), or unknown, used or expired (404). */
const UNUSABLE_KEY_STATUSES = new Set([400, 404]);

/** Why the cart could not be taken over, in the visitor's language. */
function failureText(error: unknown, t: TFunction): string {
  return UNUSABLE_KEY_STATUSES.has(readApiError(error).status) ? t('cart.handover.invalid') : cartErrorText(error, t);
}

export function CartHandoverPage() {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const key = new URLSearchParams(useLocation().search).get('key')?.trim() ?? '';
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (key === '') return;
    let current = true;
    takeOverCart(store, key).then(
      // The cart page, in place of this address: the used key stays out of the history.
      () => current && void navigate(paths.cart, { replace: true }),
      (error: unknown) => current && setFailed({ error }),
    );
    return () => {
      current = false;
    };
  }, [key, store, navigate]);
  const failure = key === '' ? t('cart.handover.invalid') : failed && failureText(failed.error, t);
  return (
    <Page title={t('cart.handover.title')} testId="page-cart-handover">
      {!failure ? (
        <>
          <p>{t('cart.handover.busy')}</p>
          <Loading />
        </>
      ) : (
        <>
          <p className={styles.fieldError} role="alert" data-testid="cart-handover-failed">
            {failure}
          </p>
          <p>
            <Link to={paths.cart}>{t('cart.handover.toCart')}</Link>
          </p>
        </>
      )}
    </Page>
  );
}
