import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { cartApi } from '../../api/cart';
import type { SchemaCartRecommendation } from '../../api/generated/schema';
import styles from '../../components/shop.module.css';
import { Loading } from '../../components/ui/Loading';
import { Price } from '../../components/ui/Price';
import { ProductImage } from '../../components/ui/ProductImage';
import { useCart } from '../../lib/cart';
import { cartIdAtom } from '../../state';
import own from './CartRecommendations.module.css';

type Outcome = { kind: 'loading' } | { kind: 'done'; items: SchemaCartRecommendation[] } | { kind: 'failed' };

/**
 * Products that go with the cart (`GET /api/cart/{id}/recommendations`), asked again when the
 * cart's products change; each can be added at once. Nothing is shown when there is nothing to
 * recommend or the recommendations could not be loaded (the cart works without them).
 */
export function CartRecommendations({ productIds }: { productIds: string }) {
  const { t } = useTranslation();
  const cartId = useAtomValue(cartIdAtom);
  const cart = useCart();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'loading' });
  useEffect(() => {
    if (cartId === null) return;
    let current = true;
    cartApi.recommendations(String(cartId)).then(
      (items) => current && setOutcome({ kind: 'done', items }),
      () => current && setOutcome({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [cartId, productIds]);
  if (outcome.kind === 'loading') return <Loading />;
  if (outcome.kind === 'failed' || outcome.items.length === 0) return null;
  return (
    <section className={own.recommendations} aria-labelledby="cart-recommendations" data-testid="cart-recommendations">
      <h2 id="cart-recommendations">{t('recommendations.title')}</h2>
      <ul className={own.list}>
        {outcome.items.map((item) => (
          <li key={item.productVariantId} className={own.item} data-testid="cart-recommendation">
            <ProductImage image={item.image} alt="" size={96} />
            <span className={own.name}>{item.name}</span>
            <Price amount={item.price} />
            <button
              type="button"
              className={styles.button}
              aria-label={t('recommendations.addNamed', { name: item.name })}
              disabled={cart.pending}
              onClick={() => void cart.add(item.productVariantId, 1).catch(() => undefined)}
            >
              {t('recommendations.add')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
