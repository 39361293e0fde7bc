/**
 * The product overview's state lives in its URL (so it can be shared, reloaded and gone back
 * to): the search term `q`, the ten filter groups (one parameter each, values comma-separated),
 * `priceMin`/`priceMax`, `rating`, `sort`, and the paging `p`/`ps`,
 * read and written by the engine (`url.readPaging`, `url.paging`: page 1 and page size 24 are
 * left out of the URL). Any change other than the page goes back to page 1.
 */
import { readPaging, withPaging } from '../../engine';
import { FACET_GROUPS, searchProducts, type FacetFilter, type SearchRequest, type SearchResponse, type SortKey } from '../../api/catalog';

export const SORT_CHOICES = ['relevance', 'priceAsc', 'priceDesc', 'name', 'newest', 'rating'] as const;
export type SortChoice = (typeof SORT_CHOICES)[number];

const SORTS: Record<SortChoice, { sort?: SortKey; descending?: boolean }> = {
  relevance: {},
  priceAsc: { sort: 'price', descending: false },
  priceDesc: { sort: 'price', descending: true },
  name: { sort: 'name', descending: false },
  newest: { sort: 'newest', descending: false },
  rating: { sort: 'rating', descending: true },
};

export interface Listing {
  term: string | null;
  sort: SortChoice;
  /** Selected values per filter group. */
  selected: Partial<Record<string, string[]>>;
  priceMin: string | null;
  priceMax: string | null;
  rating: string | null;
  page: number;
  pageSize: number;
}

const isSort = (value: string | null): value is SortChoice => (SORT_CHOICES as readonly (string | null)[]).includes(value);

/** Reads the listing from a path with its query (e.g. `/muesli/?horseType=sport&p=2`). */
export function readListing(url: string): Listing {
  const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  const { page, pageSize } = readPaging({ url });
  const selected: Partial<Record<string, string[]>> = {};
  for (const group of FACET_GROUPS) {
    const values = (query.get(group) ?? '').split(',').filter(Boolean);
    if (values.length > 0) selected[group] = values;
  }
  const sort = query.get('sort');
  const term = query.get('q')?.trim();
  return {
    term: term ? term : null,
    sort: isSort(sort) ? sort : 'relevance',
    selected,
    priceMin: query.get('priceMin') || null,
    priceMax: query.get('priceMax') || null,
    rating: query.get('rating') || null,
    page,
    pageSize,
  };
}

/** The search request of a listing (on a landing page when the route names one). */
export function searchRequest(listing: Listing, landingPageId: number | null): SearchRequest {
  const filters: FacetFilter[] = [];
  for (const group of FACET_GROUPS) {
    const values = listing.selected[group];
    if (values && values.length > 0) filters.push({ facetKey: group, selectedKeys: values });
  }
  if (listing.priceMin !== null || listing.priceMax !== null) {
    filters.push({
      facetKey: 'price',
      ...(listing.priceMin !== null ? { selectedMinValue: listing.priceMin } : {}),
      ...(listing.priceMax !== null ? { selectedMaxValue: listing.priceMax } : {}),
    });
  }
  if (listing.rating !== null) filters.push({ facetKey: 'rating', selectedValue: listing.rating });
  return {
    filter: { ...(listing.term ? { searchTerm: listing.term } : {}), filters },
    pageInfo: { page: listing.page, pageSize: listing.pageSize, ...SORTS[listing.sort] },
    ...(landingPageId !== null ? { landingpageId: landingPageId } : {}),
  };
}

/** The URL of the listing with `changes` applied; the page goes back to 1 unless it is the change. */
export function listingUrl(url: string, changes: { set?: Record<string, string | null>; page?: number; pageSize?: number }): string {
  const [path = '', search = ''] = url.split('?');
  const query = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes.set ?? {})) {
    if (value === null || value === '') query.delete(name);
    else query.set(name, value);
  }
  const current = readPaging({ url });
  const pageSize = changes.pageSize ?? current.pageSize;
  const page = changes.page ?? (changes.set || changes.pageSize ? 1 : current.page);
  const text = query.toString();
  return withPaging({ url: text ? `${path}?${text}` : path, page, pageSize }).url;
}

/** The URL with one value of a filter group switched on or off. */
export function toggleFilter(url: string, listing: Listing, group: string, value: string): string {
  const current = listing.selected[group] ?? [];
  const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  return listingUrl(url, { set: { [group]: next.length > 0 ? next.join(',') : null } });
}

/**
 * The results of the listing a URL shows, for the route loaders (so the server renders them);
 * null when the search failed: the page then asks again and shows its error.
 */
export function listingResults(url: string, landingPageId: number | null): Promise<SearchResponse | null> {
  return searchProducts(searchRequest(readListing(url), landingPageId)).catch(() => null);
}
