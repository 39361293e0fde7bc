import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';

import type { PageRoute } from '../../api/routing';
import type { DynamicPageData } from '../../app/loaders';
import { Markdown } from '../../components/content/Markdown';
import { Page } from '../../components/layout/Page';
import { PageMovedPage } from '../ErrorPages';

/** What every page type shows until it gets its own view: the title and the body, if any. */
function GenericPage({ data }: { data: DynamicPageData }) {
  return (
    <Page title={data.content.title} testId={`page-${data.route.pageType}`}>
      {data.content.body !== undefined && <Markdown source={data.content.body} />}
    </Page>
  );
}

function RedirectPage({ route }: { route: PageRoute }) {
  const { t } = useTranslation();
  return (
    <PageMovedPage>
      {route.redirectUrl && <Link to={route.redirectUrl}>{t('errors.pageMovedLink')}</Link>}
    </PageMovedPage>
  );
}

/**
 * The catch-all route (path parameter `path`, any depth): the page as the server resolved it.
 * Each page type gets its own view in later work; this switch is where it goes, and the
 * compiler checks that every type is handled.
 */
export function DynamicRoute() {
  const data = useLoaderData() as DynamicPageData;
  const { pageType } = data.route;
  switch (pageType) {
    case 'redirect':
      return <RedirectPage route={data.route} />;
    case 'contentPage':
    case 'productSearch':
    case 'productDetail':
    case 'faq':
    case 'adviceCategory':
    case 'adviceArticle':
    case 'adviceVideo':
    case 'quickScanResult':
    case 'rqsResult':
      return <GenericPage data={data} />;
    default: {
      const unhandled: never = pageType;
      throw new Error(`no view for page type ${String(unhandled)}`);
    }
  }
}
