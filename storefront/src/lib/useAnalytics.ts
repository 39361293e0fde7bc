/** React's door to the data layer (lib/analytics.ts): impressions and page events, pushed after rendering, in the browser only. */
import { useEffect, useRef } from 'react';

import { trackEvent, trackImpression, type Ecommerce, type EcommerceEvent, type TrackingItem } from './analytics';

/**
 * The currency of every tracked amount: the API's amounts are euro everywhere (euro prices
 * are authoritative; other currencies are only shown, converted and indicative).
 */
export const TRACKING_CURRENCY = 'EUR';

/** A product seen in a list: queued for the next impressions batch once it is shown. */
export function useImpression(item: TrackingItem): void {
  const key = JSON.stringify(item);
  useEffect(() => {
    trackImpression(JSON.parse(key) as TrackingItem, TRACKING_CURRENCY);
  }, [key]);
}

/** An event sent once per `key` when a page shows (view_item, view_cart, begin_checkout, purchase). */
export function usePageEvent(event: EcommerceEvent, ecommerce: Ecommerce | null, key: string): void {
  const sent = useRef<string | null>(null);
  const payload = ecommerce ? JSON.stringify(ecommerce) : null;
  useEffect(() => {
    if (payload === null || sent.current === key) return;
    sent.current = key;
    trackEvent(event, { currency: TRACKING_CURRENCY, ...(JSON.parse(payload) as Ecommerce) });
  }, [event, key, payload]);
}
