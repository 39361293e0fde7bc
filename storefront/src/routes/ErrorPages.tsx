import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';

import { useTranslation } from '../i18n/useTranslation';
import { ApiError } from '../api/client';
import { Markdown } from '../components/content/Markdown';
import { Page } from '../components/layout/Page';
import { ErrorBox } from '../components/ui/ErrorBox';
import type { RouteErrorData, SitePage } from './routeErrors';

/** Page not found: the site's own not-found page when it has one, else the shop's words. */
export function NotFoundPage({ sitePage }: { sitePage?: SitePage | undefined }) {
  const { t } = useTranslation();
  return (
    <Page title={sitePage?.title || t('errors.pageNotFound')} testId="page-not-found">
      {sitePage ? sitePage.body && <Markdown source={sitePage.body} /> : <p>{t('errors.pageNotFoundText')}</p>}
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

/** Try again (the page reloads) and the home page: the error box's links, under the site's own error page. */
function ErrorActions() {
  const { t } = useTranslation();
  // The page itself, the same on the server and in the browser (hydration matches).
  const { pathname, search } = useLocation();
  return (
    <p>
      <a
        href={`${pathname}${search}`}
        onClick={(event) => {
          event.preventDefault();
          window.location.reload();
        }}
      >
        {t('errors.errorBoxRetry')}
      </a>{' '}
      <Link to="/">{t('errors.errorBoxHome')}</Link>
    </p>
  );
}

/** An internal error: the site's own internal-error page when it has one, with the status. */
export function InternalErrorPage({ status, sitePage }: { status?: number | undefined; sitePage?: SitePage | undefined }) {
  const { t } = useTranslation();
  const statusText = status !== undefined && <p>{t('errors.unexpectedServer', { status })}</p>;
  if (sitePage) {
    return (
      <Page title={sitePage.title || t('errors.errorOccurred')} testId="page-internal-error">
        {sitePage.body && <Markdown source={sitePage.body} />}
        {statusText}
        <ErrorActions />
      </Page>
    );
  }
  return (
    <Page title={t('errors.errorOccurred')} testId="page-internal-error">
      <ErrorBox>
        <p>{t('errors.internalError')}</p>
        {statusText}
      </ErrorBox>
    </Page>
  );
}

/** A navigation that failed because the browser is offline: the offline notice, and a retry. */
export function OfflinePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('errors.errorOccurred')} testId="page-offline">
      <ErrorBox>
        <p>{t('errors.offline')}</p>
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

/** What routes/routeErrors.ts added to a route error: the offline mark and the site's page. */
function errorDataOf(error: unknown): RouteErrorData {
  if (!isRouteErrorResponse(error) || typeof error.data !== 'object' || error.data === null) return {};
  const { offline, sitePage } = error.data as RouteErrorData;
  return { ...(offline ? { offline } : {}), ...(sitePage ? { sitePage } : {}) };
}

/** The error element of the routes: offline, not found, moved, or the internal-error page. */
export function RouteError() {
  const error = useRouteError();
  const status = errorStatus(error);
  const { offline, sitePage } = errorDataOf(error);
  if (status === undefined) console.error(error);
  if (offline) return <OfflinePage />;
  if (status === 404) return <NotFoundPage sitePage={sitePage} />;
  if (status === 301 || status === 302 || status === 308 || status === 410) return <PageMovedPage />;
  return <InternalErrorPage status={status} sitePage={sitePage} />;
}
