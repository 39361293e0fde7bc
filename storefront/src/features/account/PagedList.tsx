import { useEffect, useRef, useState, type ReactNode } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { formStyles } from '../../components/ui/Form';
import { styles } from './ui';

export interface PagedListProps<T> {
  /** Every item, as the server sent them. */
  items: readonly T[];
  /** How many items a page shows (the default page size, 24, unless the address asks for another). */
  pageSize: number;
  keyOf: (item: T) => string | number;
  /** The `data-testid` of each item, and of the "show more" button as `<itemTestId>-more`. */
  itemTestId: string;
  children: (item: T) => ReactNode;
}

/**
 * A list the server sends whole (returns, reviews), shown a page at a time like the paged
 * lists: the first page, then "show more" adds the next one and moves the focus to its first
 * item.
 */
export function PagedList<T>({ items, pageSize, keyOf, itemTestId, children }: PagedListProps<T>) {
  const { t } = useTranslation();
  const [count, setCount] = useState(pageSize);
  const [firstAdded, setFirstAdded] = useState<number | null>(null);
  const firstAddedRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (firstAdded !== null) firstAddedRef.current?.focus();
  }, [firstAdded]);
  const shown = items.slice(0, count);
  return (
    <>
      <ul className={styles.list}>
        {shown.map((item, index) => (
          <li key={keyOf(item)} className={styles.card} data-testid={itemTestId} {...(index === firstAdded ? { ref: firstAddedRef, tabIndex: -1 } : {})}>
            {children(item)}
          </li>
        ))}
      </ul>
      {shown.length < items.length && (
        <button
          type="button"
          className={formStyles.secondary}
          onClick={() => {
            setFirstAdded(count);
            setCount(count + pageSize);
          }}
          data-testid={`${itemTestId}-more`}
        >
          {t('common.showMore')}
        </button>
      )}
    </>
  );
}
