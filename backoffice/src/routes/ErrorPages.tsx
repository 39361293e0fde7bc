/** A path the app does not know, and a failure of a route (its guard could not reach the server). */
import { Link, useRouteError } from 'react-router';

import { PageTitle } from '../components/Page';
import { ErrorState, Loading } from '../components/States';
import { useTranslation } from '../i18n';
import { PATHS } from '../lib/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('errors.pageNotFound')}</PageTitle>
      <Link to={PATHS.home}>{t('errors.toHome')}</Link>
    </>
  );
}

export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <main>
      <PageTitle>{t('errors.title')}</PageTitle>
      <ErrorState error={error} onRetry={() => window.location.reload()} />
    </main>
  );
}

/** What shows while the first page's guard asks the server who is signed in. */
export function StartingPage() {
  return (
    <main>
      <Loading />
    </main>
  );
}
