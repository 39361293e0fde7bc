import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { ApiError } from '../api/client';
import { Page } from '../components/layout/Page';
import { ErrorBox } from '../components/ui/ErrorBox';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('errors.pageNotFound')} testId="page-not-found">
      <p>{t('errors.pageNotFoundText')}</p>
      <p>
        <Link to="/">{t('errors.errorBoxHome')}</Link>
      </p>
    </Page>
  );
}

export function PageMovedPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Page title={t('errors.pageMoved')} testId="page-moved">
      {children && <p>{children}</p>}
    </Page>
  );
}

export function InternalErrorPage({ status }: { status?: number }) {
  const { t } = useTranslation();
  return (
    <Page title={t('errors.errorOccurred')} testId="page-internal-error">
      <ErrorBox>
        <p>{t('errors.internalError')}</p>
        {status !== undefined && <p>{t('errors.unexpectedServer', { status })}</p>}
      </ErrorBox>
    </Page>
  );
}

/** The status a thrown route error stands for (a failed look-up, an API error, a 404...). */
export function errorStatus(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError) return error.status;
  return undefined;
}

/** The error element of the routes: not found, moved, or the internal-error page. */
export function RouteError() {
  const error = useRouteError();
  const status = errorStatus(error);
  if (status === undefined) console.error(error);
  if (status === 404) return <NotFoundPage />;
  if (status === 301 || status === 302 || status === 308 || status === 410) return <PageMovedPage />;
  return <InternalErrorPage status={status} />;
}
