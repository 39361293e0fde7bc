/**
 * The three states a loaded screen can show besides its data: loading, nothing there yet, and
 * a failure with a way to try again. Each is announced (a live region) without taking the focus.
 */
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

import { useTranslation } from '../i18n';
import { errorMessage } from '../lib/apiErrors';
import type { AsyncState } from '../lib/useAsync';
import { Button } from './Button';
import styles from './States.module.css';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status">
      <LoaderCircle className={styles.spinner} aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.state} data-kind="empty">
      <p>{children}</p>
      {action}
    </div>
  );
}

export interface ErrorStateProps {
  /** The failure: an API error is shown as its translated message. */
  error?: unknown;
  title?: string;
  message?: string;
  onRetry?: () => void;
  action?: ReactNode;
}

export function ErrorState({ error, title, message, onRetry, action }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.state} data-kind="error" role="alert">
      <p className={styles.title}>{title ?? t('errors.title')}</p>
      <p>{message ?? errorMessage(error)}</p>
      {onRetry && (
        <Button variant="secondary" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
      {action}
    </div>
  );
}

export interface AsyncViewProps<T> {
  state: AsyncState<T>;
  onRetry: () => void;
  /** Whether the loaded data has nothing to show. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Renders the loading, failed, empty or loaded state of `useAsync`'s data. */
export function AsyncView<T>({ state, onRetry, isEmpty, empty, children }: AsyncViewProps<T>) {
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') return <ErrorState error={state.error} onRetry={onRetry} />;
  if (isEmpty?.(state.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(state.data)}</>;
}
