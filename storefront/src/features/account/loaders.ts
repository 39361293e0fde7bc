/**
 * The account pages' route loaders: each starts its API calls before the page is entered and
 * hands the page the promises (the page shows loading, empty and error states while they
 * settle). Nothing here touches the browser, so the pages can be rendered on the server.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';

import { ApiError } from '../../api/client';
import { paths } from '../../lib/paths';
import { readProblem } from '../../lib/apiErrors';
import { accountApi, itemsOf, type OwnReview, type ReviewRequest, type Subscription } from './api';

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
}

/** The customer's reviews and open requests, with the products' names from their orders. */
export async function loadReviews(): Promise<ReviewsData> {
  const answer = await accountApi.reviews();
  const orderNumbers = [...new Set(answer.reviewRequests.map((request) => request.orderNumber))];
  const orders = await Promise.all(orderNumbers.map((number) => accountApi.order(number).catch(() => null)));
  const productNames: Record<number, string> = {};
  for (const order of orders) for (const line of order?.lines ?? []) productNames[line.productId] ??= line.description;
  return { reviews: answer.reviews, requests: answer.reviewRequests, productNames };
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

/** The server's page size of account lists, unless the URL asks for another (`ps`, 1-100). */
export const ACCOUNT_PAGE_SIZE = 10;

function pageSizeOf(request: Request): number {
  const asked = Number(new URL(request.url).searchParams.get('ps'));
  return Number.isInteger(asked) && asked >= 1 && asked <= 100 ? asked : ACCOUNT_PAGE_SIZE;
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
  invoices: () => ({ invoices: guarded(accountApi.invoices(1)) }),
  returns: () => ({
    returns: guarded(accountApi.returns().then(itemsOf)),
    orders: guarded(accountApi.orders(1, 50)),
  }),
  results: () => ({
    results: guarded(accountApi.results().then(itemsOf)),
    advice: guarded(accountApi.feedAdvice().then(itemsOf)),
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
    return {
      emailConfirmed,
      reviews: params.action === 'reviews' ? guarded(loadReviews()) : null,
      profile: guarded(Promise.all([accountApi.account(), accountApi.company(), accountApi.delivery(), accountApi.countries()])),
    };
  },
};

export type AccountLoaderData<K extends keyof typeof accountLoaders> = Awaited<ReturnType<(typeof accountLoaders)[K]>>;
