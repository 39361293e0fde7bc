/** The cart's messages, shown above the cart and every checkout step. */

import { useTranslation } from '../../i18n/useTranslation';
import { textOfKey } from '../../i18n';
import { useCart } from '../../lib/cart';
import { ErrorBox } from '../ui/ErrorBox';
import { Price } from '../ui/Price';
import styles from '../shop.module.css';

/** The difference between the engine's preview and the server's answer: never hidden. */
export function MismatchBox() {
  const { t } = useTranslation();
  const { mismatch, dismissMismatch } = useCart();
  if (!mismatch) return null;
  return (
    <div data-testid="cart-mismatch">
      <ErrorBox>
        <p>{t('cart.mismatch')}</p>
        <p>
          <span className={styles.pair}>
            <span>{t('cart.mismatchPreview')}</span>
            <Price amount={mismatch.preview.totalAmount} />
          </span>
          <span className={`${styles.pair} ${styles.separated}`}>
            <span>{t('cart.mismatchServer')}</span>
            <Price amount={mismatch.server.totalAmount} />
          </span>
        </p>
        <button type="button" className={styles.secondary} onClick={dismissMismatch}>
          {t('common.close')}
        </button>
      </ErrorBox>
    </div>
  );
}

/** What the server changed in the cart by itself (a spent gift card taken off), in the visitor's language. */
export function CartNotices() {
  const { t } = useTranslation();
  const { notices, dismissNotices } = useCart();
  if (notices.length === 0) return null;
  return (
    <div className={styles.notice} role="status" data-testid="cart-notices">
      {notices.map((notice) => (
        <p key={notice.code}>{textOfKey(t, notice.code, notice.message)}</p>
      ))}
      <button type="button" className={styles.secondary} onClick={dismissNotices}>
        {t('common.close')}
      </button>
    </div>
  );
}
