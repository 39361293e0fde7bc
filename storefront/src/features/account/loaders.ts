/**
 * The account pages' route loaders: each starts its API calls before the page is entered and
 * hands the page the promises (the page shows loading, empty and error states while they
 * settle). Nothing here touches the browser, so the pages can be rendered on the server.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';

import { ApiError } from '../../api/client';
import { readPaging } from '../../engine';
import { paths } from '../../lib/paths';
import { readProblem } from '../../lib/apiErrors';
import { feedApi } from '../../api/feed';
import {
  accountApi,
  itemsOf,
  type AdviceProductName,
  type OwnReview,
  type ReviewRequest,
  type SavedAdvice,
  type SavedAdviceList,
  type Subscription,
} from './api';
import { linesByProduct, ordersOf, reviewedProducts, type ReviewedProduct } from './reviewedProducts';

export interface ConfirmData {
  expired: boolean;
  userId: string;
}

/** confirm/: activates the account (`token`, `userId`), then `login/?a=1`; else the page explains. */
export async function confirmAccountLoader({ request }: LoaderFunctionArgs): Promise<ConfirmData> {
  const query = new URL(request.url).searchParams;
  const token = query.get('token') ?? '';
  const userId = query.get('userId') ?? '';
  try {
    await accountApi.confirm(userId, token);
  } catch (error) {
    return { expired: readProblem(error).code === 'errors.activationTokenExpired', userId };
  }
  throw redirect(`${paths.account.login}?a=1`);
}

/** A promise handed to the page: its rejection is shown there, never reported as unhandled. */
function guarded<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

export interface ReviewsData {
  reviews: OwnReview[];
  requests: ReviewRequest[];
  /** Product names by product id, from the orders the requests came from. */
  productNames: Record<number, string>;
  /** The written reviews' products (name and page) by product id, as far as the customer's orders name them. */
  products: Record<number, ReviewedProduct>;
}

/** The customer's reviews and open requests, with the products' names (and pages) from their orders. */
export async function loadReviews(pageSize: number): Promise<ReviewsData> {
  const answer = await accountApi.reviews();
  const orders = await ordersOf(answer.reviewRequests.map((request) => request.orderNumber));
  const productNames: Record<number, string> = {};
  for (const [productId, line] of linesByProduct(orders)) productNames[productId] = line.description;
  const products = await reviewedProducts(answer.reviews, orders, pageSize);
  return { reviews: answer.reviews, requests: answer.reviewRequests, productNames, products };
}

/** The subscriptions with their products' names (the variant's product page, when the site sells it). */
async function withProductNames(subscriptions: Subscription[]): Promise<Subscription[]> {
  const ids = [...new Set(subscriptions.map((subscription) => subscription.productVariantId))];
  const names = new Map(
    await Promise.all(
      ids.map(async (id) => {
        const variant = await accountApi.variant(id).catch(() => null);
        return [id, variant ? [variant.name, variant.variantLabel].filter(Boolean).join(' ') : null] as const;
      }),
    ),
  );
  return subscriptions.map((subscription) => ({ ...subscription, productName: names.get(subscription.productVariantId) ?? null }));
}

/**
 * The saved advice with its products' names. A saved advice holds product ids only, so the
 * names (in the site's language, with their pages) come from the calculator's answer for the
 * same horse; a product the calculator no longer advises here keeps no name.
 */
export async function withAdviceProductNames(advice: SavedAdvice[]): Promise<SavedAdviceList> {
  const horses = new Map(advice.map((item) => [`${item.horseType} ${item.weightKg} ${item.workLoad} ${item.roughageType}`, item]));
  const answers = await Promise.all(
    [...horses.values()].map((item) =>
      feedApi.calculate({ horseType: item.horseType, weightKg: item.weightKg, workLoad: item.workLoad, roughageType: item.roughageType }).catch(() => null),
    ),
  );
  const productNames: Record<number, AdviceProductName> = {};
  for (const answer of answers)
    for (const product of answer?.products ?? []) productNames[product.productId] ??= { name: product.name, url: product.url ?? null };
  return { advice, productNames };
}

/** The page size of an account list: the address's `ps` (1-100), else the default page size (24), by the engine's paging rule. */
function pageSizeOf(request: Request): number {
  const url = new URL(request.url);
  return readPaging({ url: `${url.pathname}${url.search}` }).pageSize;
}

export const accountLoaders = {
  home: () => ({
    account: guarded(accountApi.account()),
    orders: guarded(accountApi.orders(1, 3)),
  }),
  orders: ({ params, request }: LoaderFunctionArgs) =>
    params.orderId
      ? { order: guarded(Promise.all([accountApi.order(params.orderId), accountApi.paymentMethods().catch(() => [])])), orders: null }
      : { orders: guarded(accountApi.orders(1, pageSizeOf(request))), order: null },
  invoices: ({ request }: LoaderFunctionArgs) => ({ invoices: guarded(accountApi.invoices(1, pageSizeOf(request))) }),
  returns: ({ request }: LoaderFunctionArgs) => ({
    returns: guarded(accountApi.returns().then(itemsOf)),
    orders: guarded(accountApi.orders(1, 50)),
    // The server sends every return: the page shows them a page at a time.
    pageSize: pageSizeOf(request),
  }),
  results: () => ({
    results: guarded(accountApi.results().then(itemsOf)),
    advice: guarded(accountApi.feedAdvice().then(itemsOf).then(withAdviceProductNames)),
  }),
  subscriptions: () => ({ subscriptions: guarded(accountApi.subscriptions().then(itemsOf).then(withProductNames)) }),
  information: async ({ params, request }: LoaderFunctionArgs) => {
    const query = new URL(request.url).searchParams;
    // The link of the e-mail change mail: information/email/?token=&userId=
    let emailConfirmed: 'confirmed' | 'expired' | null = null;
    if (params.action === 'email' && query.get('token') && query.get('userId')) {
      try {
        await accountApi.confirmEmail(query.get('userId') ?? '', query.get('token') ?? '');
        emailConfirmed = 'confirmed';
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        emailConfirmed = 'expired';
      }
    }
    // The server sends every review: the page shows them a page at a time.
    const pageSize = pageSizeOf(request);
    return {
      emailConfirmed,
      reviews: params.action === 'reviews' ? guarded(loadReviews(pageSize)) : null,
      pageSize,
      profile: guarded(Promise.all([accountApi.account(), accountApi.company(), accountApi.delivery(), accountApi.countries()])),
    };
  },
};

export type AccountLoaderData<K extends keyof typeof accountLoaders> = Awaited<ReturnType<(typeof accountLoaders)[K]>>;
