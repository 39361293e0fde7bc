/**
 * The store locator's map, drawn by Leaflet. Browser-only: DealerMap imports this module in an
 * effect, after hydration and only with the visitor's consent, so neither Leaflet nor its CSS
 * (bundled, no CDN) is loaded on the server or before then.
 */
import 'leaflet/dist/leaflet.css';

import { control, icon, latLngBounds, map as createMap, marker, tileLayer, type LatLngTuple } from 'leaflet';

export interface MapDealer {
  dealerId: number;
  name: string;
  latitude: number;
  longitude: number;
}

export interface MapOptions {
  /** The tile service's URL template (`{z}/{x}/{y}`) from the server's configuration. */
  tileUrl: string;
  dealers: MapDealer[];
  /** The zoom buttons' names in the visitor's language. */
  zoomInTitle: string;
  zoomOutTitle: string;
  /** A marker was clicked: the page shows that dealer in the list. */
  onSelect(dealerId: number): void;
}

/** The map as the page holds it: removed when the page leaves or the results change. */
export interface DealerMapHandle {
  remove(): void;
}

/** A pin drawn in the page's own image (a data: URL, which the content security policy allows), not fetched. */
const PIN = icon({
  iconUrl: `data:image/svg+xml,${encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="25" height="41" viewBox="0 0 25 41"><path d="M12.5 0C5.6 0 0 5.6 0 12.5 0 21.9 12.5 41 12.5 41S25 21.9 25 12.5C25 5.6 19.4 0 12.5 0z" fill="#1f5f3a"/><circle cx="12.5" cy="12.5" r="5" fill="#fff"/></svg>',
  )}`,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
});

/** Zoom for a single dealer; more dealers are fitted into view. */
const SINGLE_ZOOM = 13;
const MAX_ZOOM = 18;

/** Draws the map in `element`: the tiles, a marker per dealer, the translated zoom buttons. */
export function showDealers(element: HTMLElement, options: MapOptions): DealerMapHandle {
  // Leaflet's own attribution control writes HTML; the page shows the credit as text instead.
  const map = createMap(element, { zoomControl: false, attributionControl: false, keyboard: true, maxZoom: MAX_ZOOM });
  control.zoom({ zoomInTitle: options.zoomInTitle, zoomOutTitle: options.zoomOutTitle }).addTo(map);
  tileLayer(options.tileUrl, { maxZoom: MAX_ZOOM }).addTo(map);
  const points: LatLngTuple[] = options.dealers.map((dealer) => [dealer.latitude, dealer.longitude]);
  options.dealers.forEach((dealer, index) => {
    // Not a keyboard stop of its own: the list is where the dealers are chosen and read.
    marker(points[index]!, { icon: PIN, alt: dealer.name, title: dealer.name, keyboard: false })
      .on('click', () => options.onSelect(dealer.dealerId))
      .addTo(map);
  });
  if (points.length === 1) map.setView(points[0]!, SINGLE_ZOOM);
  else map.fitBounds(latLngBounds(points), { padding: [24, 24], maxZoom: SINGLE_ZOOM });
  return { remove: () => map.remove() };
}
