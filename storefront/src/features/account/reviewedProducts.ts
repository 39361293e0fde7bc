/**
 * The products of the customer's written reviews. A review names only its product's id, so
 * the product is found in the customer's orders (those of the open review requests, then the
 * latest page of orders), and its name and page come from its variant's product page (the
 * order line's text, without a page, when the site no longer sells it).
 */
import { accountApi, type OrderDetail, type OwnReview } from './api';

/** A reviewed product: its name and its page on this site (null when the site does not sell it). */
export interface ReviewedProduct {
  name: string;
  url: string | null;
}

type OrderLine = OrderDetail['lines'][number];

/** The orders of these numbers, each once (one that cannot be loaded is left out). */
export async function ordersOf(orderNumbers: Iterable<string>): Promise<OrderDetail[]> {
  const orders = await Promise.all([...new Set(orderNumbers)].map((number) => accountApi.order(number).catch(() => null)));
  return orders.filter((order): order is OrderDetail => order !== null);
}

/** The first line of each product in these orders, by product id. */
export function linesByProduct(orders: OrderDetail[]): Map<number, OrderLine> {
  const lines = new Map<number, OrderLine>();
  for (const order of orders) for (const line of order.lines) if (!lines.has(line.productId)) lines.set(line.productId, line);
  return lines;
}

/** The lines of the reviewed products: from the orders already loaded, else also from the latest page of orders. */
async function reviewedLines(productIds: Set<number>, loaded: OrderDetail[], pageSize: number): Promise<Map<number, OrderLine>> {
  const lines = linesByProduct(loaded);
  if ([...productIds].every((productId) => lines.has(productId))) return lines;
  const latest = await accountApi.orders(1, pageSize).catch(() => null);
  const known = new Set(loaded.map((order) => order.orderNumber));
  const more = await ordersOf((latest?.items ?? []).map((order) => order.orderNumber).filter((number) => !known.has(number)));
  return linesByProduct([...loaded, ...more]);
}

/** The written reviews' products by product id, as far as the customer's orders name them. */
export async function reviewedProducts(reviews: OwnReview[], loaded: OrderDetail[], pageSize: number): Promise<Record<number, ReviewedProduct>> {
  if (reviews.length === 0) return {};
  const productIds = new Set(reviews.map((review) => review.productId));
  const lines = await reviewedLines(productIds, loaded, pageSize);
  const entries = await Promise.all(
    [...productIds].flatMap((productId) => {
      const line = lines.get(productId);
      if (!line) return [];
      return [
        accountApi
          .variant(line.productVariantId)
          .catch(() => null)
          .then((variant): [number, ReviewedProduct] => [productId, { name: variant?.name || line.description, url: variant?.url ?? null }]),
      ];
    }),
  );
  return Object.fromEntries(entries);
}
