import { useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { translateMessage } from '../../i18n';
import styles from '../shop.module.css';
import { useCompareList, type ComparedProduct } from '../../lib/compare';

/** "Compare" on a product: adds it to the comparison list, or says why it cannot. */
export function CompareButton({ product }: { product: ComparedProduct }) {
  const { t } = useTranslation();
  const { has, add, remove } = useCompareList();
  const [message, setMessage] = useState<string | null>(null);
  const inList = has(product.productId);
  return (
    <span className={styles.compareToggle}>
      <label className={styles.row}>
        <input
          type="checkbox"
          checked={inList}
          data-testid={`compare-${product.productId}`}
          onChange={() => {
            if (inList) {
              remove(product.productId);
              setMessage(null);
              return;
            }
            void add(product).then((refused) => setMessage(refused ? translateMessage(refused) : null));
          }}
        />
        {inList ? t('compare.added') : t('compare.add')}
      </label>
      {message && (
        <span role="alert" className={styles.fieldError}>
          {message}
        </span>
      )}
    </span>
  );
}
