/** Small parts of the account pages: awaited data with loading and error states, dates, statuses. */
import type { ReactNode } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { textOfKey } from '../../i18n';
import { AwaitView } from '../../components/ui/AsyncView';
import { ErrorBox } from '../../components/ui/ErrorBox';
import { Loading } from '../../components/ui/Loading';
import { formatDate } from '../../engine';
import styles from './Account.module.css';

export { styles };

/** The data of a loader promise: loading while it runs (after the pending delay), the error box when it fails. */
export function Data<T>({ resolve, children }: { resolve: Promise<T>; children: (value: T) => ReactNode }) {
  return (
    <AwaitView resolve={resolve} pending={<Loading />} rejected={() => <ErrorBox />}>
      {children}
    </AwaitView>
  );
}

/** A date as DD-MM-YYYY (the engine's `locale.formatDate`); empty for none. */
export function dateText(value: string | null | undefined): string {
  if (!value) return '';
  try {
    return formatDate({ date: value.slice(0, 10) }).text;
  } catch {
    return value;
  }
}

/** A status as a word (never as a colour only). */
export function StatusLabel({ status }: { status: string }) {
  const { t } = useTranslation();
  const text = textOfKey(t, `status.${status}`, status);
  return (
    <span className={styles.status} data-status={status}>
      {text}
    </span>
  );
}

/** The text shown when a list is empty. */
export function Empty({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className={styles.empty} data-testid={testId}>
      {children}
    </p>
  );
}
