import { Link, useLoaderData } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import type { PageRoute } from '../../api/routing';
import { linkTitle } from '../../lib/navigation';
import { landingPageOf, type DynamicPageData } from './loader';
import { Markdown } from '../../components/content/Markdown';
import { Page } from '../../components/layout/Page';
// The shopping pages are their own chunks (lazy in the features' indexes): the first load stays small.
import { ProductDetailPage, ProductListPage } from '../../features/catalog';
import { AdviceArticlePage, AdviceCategoryPage, AdviceVideoPage, FaqPage, NewsArticlePage } from '../../features/content';
import { HomePage } from '../../features/home';
import { PaymentFailedPage, ThankYouPage } from '../../features/order';
import { ScanResultPage } from '../../features/roughage-results';
import { useSite } from '../../state';
import { PageMovedPage } from '../ErrorPages';

const numberOf = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

/**
 * The category an advice route names: the server sends `adviceCategoryId` (null for the
 * overview); the specification's older variant name is `blogCategoryId`.
 */
function adviceCategoryOf(route: PageRoute): number | null {
  return numberOf(route.parameters.adviceCategoryId ?? route.parameters.blogCategoryId);
}

/** A content page, or the thank-you / failed-payment page when it is one of the site's checkout pages. */
function ContentPage({ data }: { data: DynamicPageData }) {
  const site = useSite();
  const pageId = numberOf(data.route.parameters.contentPageId) ?? numberOf((data.content.data.page as { id?: unknown } | null)?.id);
  const { checkoutSuccessPageId, checkoutSuccessRqsPageId, checkoutFailedPageId } = site.pages;
  if (pageId !== null && (pageId === checkoutSuccessPageId || pageId === checkoutSuccessRqsPageId)) {
    return <ThankYouPage title={data.content.title} body={data.content.body} scan={pageId === checkoutSuccessRqsPageId} />;
  }
  if (pageId !== null && pageId === checkoutFailedPageId) {
    return <PaymentFailedPage title={data.content.title} />;
  }
  if (data.home) {
    return <HomePage title={data.content.title} {...(data.content.body !== undefined ? { body: data.content.body } : {})} home={data.home} />;
  }
  return <GenericPage data={data} />;
}

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
  return <PageMovedPage>{route.redirectUrl && <Link to={route.redirectUrl}>{t('errors.pageMovedLink')}</Link>}</PageMovedPage>;
}

/**
 * The catch-all route (path parameter `path`, any depth): the page as the server resolved it.
 * Each page type gets its own view in later work; this switch is where it goes, and the
 * compiler checks that every type is handled.
 */
export function DynamicRoute() {
  const data = useLoaderData<DynamicPageData>();
  const { pageType } = data.route;
  switch (pageType) {
    case 'redirect':
      return <RedirectPage route={data.route} />;
    case 'contentPage':
      return <ContentPage data={data} />;
    case 'productSearch':
      return (
        <ProductListPage
          title={data.content.title || linkTitle(data.content.data.layout, data.path) || ''}
          landingPageId={landingPageOf(data.route)}
          results={data.search ?? null}
        />
      );
    case 'productDetail': {
      const variantId = numberOf(data.route.parameters.productVariantId);
      if (variantId === null) return <GenericPage data={data} />;
      return <ProductDetailPage key={variantId} productVariantId={variantId} product={data.product} />;
    }
    case 'quickScanResult':
    case 'rqsResult':
      return data.scanResult ? <ScanResultPage key={data.scanResult.resultKey} result={data.scanResult} /> : <GenericPage data={data} />;
    case 'faq':
      if (!data.faq) return <GenericPage data={data} />;
      return (
        <FaqPage
          title={data.content.title}
          {...(data.content.body !== undefined ? { intro: data.content.body } : {})}
          faq={data.faq}
          openItemId={numberOf(data.route.parameters.faqItemId)}
        />
      );
    case 'newsItem':
      return data.news ? <NewsArticlePage article={data.news} /> : <GenericPage data={data} />;
    case 'adviceCategory':
      return data.advice ? (
        <AdviceCategoryPage title={data.content.title} advice={data.advice} categoryId={adviceCategoryOf(data.route)} />
      ) : (
        <GenericPage data={data} />
      );
    case 'adviceArticle':
      return data.adviceArticle ? <AdviceArticlePage article={data.adviceArticle} /> : <GenericPage data={data} />;
    case 'adviceVideo':
      return data.adviceVideo ? <AdviceVideoPage video={data.adviceVideo} /> : <GenericPage data={data} />;
    default: {
      const unhandled: never = pageType;
      throw new Error(`no view for page type ${String(unhandled)}`);
    }
  }
}
