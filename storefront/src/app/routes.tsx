/**
 * The route table. Every route has an id, which is its name
 * (`cart`, `compare`, `dealer`, `dynamic`, `checkout.payment`, `account.orders`, ...); the
 * paths are in paths.ts. Every leaf loader applies the trailing-slash rule first.
 */
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

import { FooterSlots } from '../components/layout/FooterSlots';
import { Shell, type LayoutHandle } from '../components/layout/Shell';
import { keepRootData, rootLoader } from '../components/layout/siteLayout';
import { Loading } from '../components/ui/Loading';
import { NavigationFailure } from '../components/ui/ProgressBar';
import {
  AccountHomeRoute,
  AccountInformationRoute,
  AccountInvoicesRoute,
  AccountLayout,
  AccountVisitorLayout,
  AccountOrdersRoute,
  AccountReturnsRoute,
  AccountRqsResultsRoute,
  AccountSubscriptionsRoute,
  ConfirmRoute,
  ForgotRoute,
  LoginRoute,
  RegisterRoute,
  ResendConfirmationRoute,
  ResetRoute,
} from '../routes/account/AccountRoutes';
import { DynamicRoute } from '../routes/dynamic/DynamicRoute';
import { RouteError } from '../routes/ErrorPages';
import { withErrorPages } from '../routes/routeErrors';
import { CartRoute, CheckoutRoute, CompareRoute, DealerRoute, EngineCheckRoute, FeedCalculatorRoute, MediaIndexRoute, SearchRoute } from '../routes/ShopRoutes';
import { newsIndexLoader, searchResultsLoader } from '../routes/loaders';
import { feedCalculatorLoader } from '../features/feed-calculator';
import { storeLocatorLoader } from '../features/store-locator';
import { accountLoaders, confirmAccountLoader } from '../features/account';
import { dynamicPageLoader, newsItemLoader } from '../routes/dynamic/loader';
import { NewsletterConfirmRoute, NewsletterUnsubscribeRoute, SurveyRoute } from '../routes/EngagementRoutes';
import { NewsletterSignup, newsletterConfirmLoader, newsletterUnsubscribeLoader } from '../features/newsletter';
import { surveyLoader } from '../features/survey';
import { CartHandoverPage } from '../features/cart';
import { anonymousOnly, confirmLoader, isShopRoute, notOnThisSite, resetLoader, signedIn, withCanonicalUrl } from './loaders';
import type { CheckoutStep } from '../lib/paths';

export interface RouteOptions {
  /** The localized comparison path from the engine (`url.comparePath`), e.g. `/vergelijken`. */
  comparePath: string;
  /** False on the corporate site, which sells nothing: the shop's own pages are not found there. */
  shop?: boolean;
}

const CHECKOUT: [CheckoutStep, string][] = [
  ['login', 'login'],
  ['billing', 'billing'],
  ['passwordReset', 'password-reset'],
  ['passwordForgot', 'password-forgot'],
  ['delivery', 'delivery'],
  ['payment', 'payment'],
  ['complete', 'complete'],
];

export function buildRoutes({ comparePath, shop = true }: RouteOptions): RouteObject[] {
  const page = (id: string, path: string | undefined, element: ReactNode, loader = withCanonicalUrl()): RouteObject => {
    // A failed page answers its own status, with the site's error page (routes/routeErrors.ts).
    const guarded = withErrorPages(!shop && isShopRoute(id) ? notOnThisSite : loader);
    return path === undefined ? { id, index: true, element, loader: guarded } : { id, path, element, loader: guarded };
  };
  return [
    {
      id: 'root',
      // The site's layout, once per site and language: the same menu and footer on every page.
      loader: rootLoader,
      shouldRevalidate: keepRootData,
      element: (
        <FooterSlots newsletter={<NewsletterSignup />}>
          <Shell />
        </FooterSlots>
      ),
      hydrateFallbackElement: <Loading fullPage />,
      children: [
        {
          errorElement: (
            <>
              <NavigationFailure />
              <RouteError />
            </>
          ),
          children: [
            page('home', undefined, <DynamicRoute />, withCanonicalUrl(dynamicPageLoader)),
            page('cart', 'cart', <CartRoute />),
            page('cartHandover', 'cart/handover', <CartHandoverPage />),
            page('compare', comparePath.replace(/^\//, ''), <CompareRoute />),
            page('dealer', 'store-locator', <DealerRoute />, withCanonicalUrl(storeLocatorLoader)),
            {
              path: 'media',
              children: [
                page('media', undefined, <MediaIndexRoute />, withCanonicalUrl(newsIndexLoader)),
                // A news item by the id in its address; its name in the address only reads well.
                page('mediaItem', ':id?/:itemname', <DynamicRoute />, withCanonicalUrl(newsItemLoader)),
              ],
            },
            page('engineCheck', 'engine-check', <EngineCheckRoute />),
            page('feedCalculator', 'feed-calculator', <FeedCalculatorRoute />, withCanonicalUrl(feedCalculatorLoader)),
            page('search', 'search', <SearchRoute />, withCanonicalUrl(searchResultsLoader)),
            {
              path: 'checkout',
              // The checkout's focused frame: no shop navigation, footer or newsletter (Shell).
              handle: { layout: 'checkout' } satisfies LayoutHandle,
              children: [
                page('checkout.base', undefined, <CheckoutRoute step="base" />),
                ...CHECKOUT.map(([step, path]) => page(`checkout.${step}`, path, <CheckoutRoute step={step} />)),
              ],
            },
            {
              path: 'account',
              children: [
                {
                  element: <AccountLayout />,
                  children: [
                    page('account.home', undefined, <AccountHomeRoute />, withCanonicalUrl(signedIn(accountLoaders.home))),
                    page('account.information', 'information/:action?', <AccountInformationRoute />, withCanonicalUrl(signedIn(accountLoaders.information))),
                    page('account.orders', 'orders/:orderId?', <AccountOrdersRoute />, withCanonicalUrl(signedIn(accountLoaders.orders))),
                    page('account.invoices', 'invoices', <AccountInvoicesRoute />, withCanonicalUrl(signedIn(accountLoaders.invoices))),
                    page('account.returns', 'returns/:productVariantId?', <AccountReturnsRoute />, withCanonicalUrl(signedIn(accountLoaders.returns))),
                    page('account.rqsResults', 'rqs-results', <AccountRqsResultsRoute />, withCanonicalUrl(signedIn(accountLoaders.results))),
                    page('account.subscriptions', 'subscriptions', <AccountSubscriptionsRoute />, withCanonicalUrl(signedIn(accountLoaders.subscriptions))),
                  ],
                },
                {
                  element: <AccountVisitorLayout />,
                  children: [
                    page('account.register', 'register', <RegisterRoute />, withCanonicalUrl(anonymousOnly)),
                    page('account.login', 'login', <LoginRoute />, withCanonicalUrl(anonymousOnly)),
                    page('account.reset', 'reset', <ResetRoute />, withCanonicalUrl(resetLoader)),
                    page('account.forgot', 'forgot', <ForgotRoute />, withCanonicalUrl(anonymousOnly)),
                    page('account.resendConfirmation', 'resend-confirmation', <ResendConfirmationRoute />, withCanonicalUrl(anonymousOnly)),
                    page('account.confirm', 'confirm', <ConfirmRoute />, withCanonicalUrl(confirmLoader(confirmAccountLoader))),
                  ],
                },
              ],
            },
            {
              path: 'newsletter',
              children: [
                page('newsletter.confirm', 'confirm', <NewsletterConfirmRoute />, withCanonicalUrl(newsletterConfirmLoader)),
                page('newsletter.unsubscribe', 'unsubscribe', <NewsletterUnsubscribeRoute />, withCanonicalUrl(newsletterUnsubscribeLoader)),
              ],
            },
            page('survey', 'survey', <SurveyRoute />, withCanonicalUrl(surveyLoader)),
            page('dynamic', '*', <DynamicRoute />, withCanonicalUrl(dynamicPageLoader)),
          ],
        },
      ],
    },
  ];
}
