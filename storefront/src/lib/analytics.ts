/**
 * The tag manager's data layer (`window.dataLayer`):
 * Google consent mode, denied until the visitor accepts, and the GA4 e-commerce events with the
 * tracking-item fields (id, name, price, brand, category, product group,
 * variant, list name, position, quantity). Product impressions are batched: they are sent
 * together 1000 ms after the first one.
 *
 * Amounts are the API's and the engine's decimal strings, never computed here. Nothing is
 * pushed while rendering on the server (there is no window).
 */

/** How long product impressions wait, so that they are sent together. */
export const IMPRESSION_DELAY_MS = 1000;

/** A GA4 item with the tracking-item fields. */
export interface TrackingItem {
  item_id: string;
  item_name: string;
  /** The unit price (a decimal string). */
  price: string;
  item_brand?: string;
  /** The category (the list's or page's category, or the product group). */
  item_category?: string;
  /** The product group. */
  item_category2?: string;
  item_variant?: string;
  item_list_name?: string;
  /** The position in its list, from 1. */
  index?: number;
  quantity: number;
}

/** What a product shows of itself for tracking. */
export interface TrackedProduct {
  productId: number;
  name: string;
  price: string;
  brand?: string | null;
  productGroup?: string | null;
  /** The variant (id or label). */
  variant?: string | number | null;
  category?: string | null;
}

/** The tracking item of a product in a list (or on its own page, or in the cart). */
export function trackingItem(product: TrackedProduct, options: { listName?: string; position?: number; quantity?: number } = {}): TrackingItem {
  const item: TrackingItem = { item_id: String(product.productId), item_name: product.name, price: product.price, quantity: options.quantity ?? 1 };
  if (product.brand) item.item_brand = product.brand;
  const category = product.category ?? product.productGroup;
  if (category) item.item_category = category;
  if (product.productGroup) item.item_category2 = product.productGroup;
  if (product.variant !== undefined && product.variant !== null) item.item_variant = String(product.variant);
  if (options.listName) item.item_list_name = options.listName;
  if (options.position !== undefined) item.index = options.position;
  return item;
}

const inBrowser = () => typeof window !== 'undefined';

function push(entry: unknown): void {
  if (!inBrowser()) return;
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

/**
 * A gtag command (`gtag('consent', 'default', …)`): the tag manager reads an `arguments` object
 * from the data layer as a command, so it is pushed as one.
 */
export function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- the tag manager recognizes commands by their Arguments object
  push(arguments);
}

export type ConsentState = 'granted' | 'denied';

/** Consent mode's default, before anything else reaches the data layer: everything but the necessary denied. */
export function consentDefault(): void {
  gtag('consent', 'default', {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
    functionality_storage: 'granted',
    security_storage: 'granted',
    wait_for_update: 500,
  });
}

/** Consent mode's update after the visitor's choice. */
export function consentUpdate(choice: { analytics: boolean; marketing: boolean }): void {
  const state = (granted: boolean): ConsentState => (granted ? 'granted' : 'denied');
  gtag('consent', 'update', {
    ad_storage: state(choice.marketing),
    ad_user_data: state(choice.marketing),
    ad_personalization: state(choice.marketing),
    analytics_storage: state(choice.analytics),
  });
}

export type EcommerceEvent =
  | 'view_item_list'
  | 'select_item'
  | 'view_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'view_cart'
  | 'begin_checkout'
  | 'add_shipping_info'
  | 'add_payment_info'
  | 'purchase';

export interface Ecommerce {
  currency?: string;
  /** An amount the API or the engine computed (a decimal string). */
  value?: string;
  items: TrackingItem[];
  item_list_name?: string;
  transaction_id?: string;
  shipping_tier?: string;
  payment_type?: string;
  coupon?: string;
  tax?: string;
  shipping?: string;
}

/** A GA4 e-commerce event; the previous event's ecommerce object is cleared first (as GA4 asks). */
export function trackEvent(event: EcommerceEvent, ecommerce: Ecommerce): void {
  push({ ecommerce: null });
  push({ event, ecommerce });
}

let impressions: TrackingItem[] = [];
let impressionTimer: ReturnType<typeof setTimeout> | undefined;
let impressionCurrency: string | undefined;

/** Sends the waiting impressions now as one `view_item_list` (also when the page is left). */
export function flushImpressions(): void {
  if (impressionTimer !== undefined) clearTimeout(impressionTimer);
  impressionTimer = undefined;
  if (impressions.length === 0) return;
  const items = impressions;
  impressions = [];
  const lists = new Set(items.map((item) => item.item_list_name));
  const single = lists.size === 1 ? items[0]?.item_list_name : undefined;
  trackEvent('view_item_list', { ...(impressionCurrency ? { currency: impressionCurrency } : {}), ...(single ? { item_list_name: single } : {}), items });
}

/** A product seen in a list: sent with the others of the next 1000 ms in one batch. */
export function trackImpression(item: TrackingItem, currency?: string): void {
  if (!inBrowser()) return;
  if (impressions.some((queued) => queued.item_id === item.item_id && queued.item_list_name === item.item_list_name && queued.index === item.index)) return;
  impressions.push(item);
  impressionCurrency = currency ?? impressionCurrency;
  impressionTimer ??= setTimeout(flushImpressions, IMPRESSION_DELAY_MS);
}

/** Forgets waiting impressions (tests). */
export function resetAnalytics(): void {
  if (impressionTimer !== undefined) clearTimeout(impressionTimer);
  impressionTimer = undefined;
  impressions = [];
  impressionCurrency = undefined;
}
