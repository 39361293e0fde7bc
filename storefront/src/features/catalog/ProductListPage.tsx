/**
 * Product overview per category (a landing page) and search results: the ten filter groups,
 * price range and rating, sorting, paging (`p`/`ps`), the result count and "found for term".
 * The state is the URL (listing.ts); every change is a navigation, so back and forward work.
 * A filter or sorting change keeps the scroll position (the same list, narrowed); a filter
 * value that would give no results is left out.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { Page } from '../../components/layout/Page';
import { ErrorBox } from '../../components/ui/ErrorBox';
import { Loading } from '../../components/ui/Loading';
import { progress } from '../../components/ui/progress';
import styles from '../../components/shop.module.css';
import { FACET_GROUPS, searchProducts, type Facet, type SearchResponse } from '../../api/catalog';
import { listingUrl, readListing, searchRequest, SORT_CHOICES, toggleFilter, type Listing, type SortChoice } from './listing';
import { cardImageLoading, ProductCard } from './ProductCard';
import { KEEP_SCROLL } from '../../lib/scroll';

type Outcome = { kind: 'loading' } | { kind: 'done'; response: SearchResponse } | { kind: 'failed' };

const GROUP_KEYS = new Set<string>(FACET_GROUPS);

function FacetGroupView({ facet, listing, url }: { facet: Facet; listing: Listing; url: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = GROUP_KEYS.has(facet.facetKey) ? t(`filters.${facet.facetKey as (typeof FACET_GROUPS)[number]}`) : facet.name;
  const values = (facet.values ?? []).filter((value) => value.count > 0 || value.selected);
  if (values.length === 0) return null;
  return (
    <fieldset data-testid={`facet-${facet.facetKey}`}>
      <legend>{title}</legend>
      {values.map((value) => (
        <label key={value.key}>
          <input
            type="checkbox"
            checked={value.selected}
            onChange={() => void navigate(toggleFilter(url, listing, facet.facetKey, value.key), { state: KEEP_SCROLL })}
          />
          <span>{value.name}</span>
          <span className={styles.muted}>({value.count})</span>
        </label>
      ))}
    </fieldset>
  );
}

function PriceFilter({ facet, listing, url }: { facet: Facet; listing: Listing; url: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [min, setMin] = useState(listing.priceMin ?? '');
  const [max, setMax] = useState(listing.priceMax ?? '');
  // A new price range in the URL replaces what is typed.
  const [shownRange, setShownRange] = useState({ priceMin: listing.priceMin, priceMax: listing.priceMax });
  if (shownRange.priceMin !== listing.priceMin || shownRange.priceMax !== listing.priceMax) {
    setShownRange({ priceMin: listing.priceMin, priceMax: listing.priceMax });
    setMin(listing.priceMin ?? '');
    setMax(listing.priceMax ?? '');
  }
  return (
    <fieldset data-testid="facet-price">
      <legend>{t('filters.price')}</legend>
      <form
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          void navigate(listingUrl(url, { set: { priceMin: min.trim() || null, priceMax: max.trim() || null } }), { state: KEEP_SCROLL });
        }}
      >
        <input
          inputMode="decimal"
          size={6}
          value={min}
          placeholder={facet.minValue ?? ''}
          aria-label={t('filters.priceMin')}
          onChange={(event) => setMin(event.target.value)}
        />
        <input
          inputMode="decimal"
          size={6}
          value={max}
          placeholder={facet.maxValue ?? ''}
          aria-label={t('filters.priceMax')}
          onChange={(event) => setMax(event.target.value)}
        />
        <button type="submit" className={styles.secondary}>
          {t('common.apply')}
        </button>
      </form>
    </fieldset>
  );
}

function RatingFilter({ listing, url }: { listing: Listing; url: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <fieldset data-testid="facet-rating">
      <legend>{t('filters.rating')}</legend>
      <select
        value={listing.rating ?? ''}
        aria-label={t('filters.rating')}
        onChange={(event) => void navigate(listingUrl(url, { set: { rating: event.target.value || null } }), { state: KEEP_SCROLL })}
      >
        <option value="">{t('common.all')}</option>
        {['4', '3', '2', '1'].map((value) => (
          <option key={value} value={value}>
            {t('filters.ratingAtLeast', { rating: value })}
          </option>
        ))}
      </select>
    </fieldset>
  );
}

function Pagination({ response, url }: { response: SearchResponse; url: string }) {
  const { t } = useTranslation();
  if (response.pageCount <= 1) return null;
  const pages = Array.from({ length: response.pageCount }, (_, index) => index + 1);
  return (
    <nav aria-label={t('pagination.label')}>
      <ol className={styles.pagination}>
        {response.page > 1 && (
          <li>
            <Link to={listingUrl(url, { page: response.page - 1 })} rel="prev">
              {t('pagination.previous')}
            </Link>
          </li>
        )}
        {pages.map((page) => (
          <li key={page}>
            {page === response.page ? (
              <span aria-current="page">{page}</span>
            ) : (
              <Link to={listingUrl(url, { page })} aria-label={t('pagination.pageOf', { page, pages: response.pageCount })}>
                {page}
              </Link>
            )}
          </li>
        ))}
        {response.page < response.pageCount && (
          <li>
            <Link to={listingUrl(url, { page: response.page + 1 })} rel="next">
              {t('pagination.next')}
            </Link>
          </li>
        )}
      </ol>
    </nav>
  );
}

export interface ProductListPageProps {
  title: string;
  landingPageId: number | null;
  /** The results of this URL's listing as the route's loader found them (rendered on the server); absent when that failed. */
  results?: SearchResponse | null;
}

export function ProductListPage({ title, landingPageId, results = null }: ProductListPageProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const url = `${location.pathname}${location.search}`;
  const listing = useMemo(() => readListing(url), [url]);
  const request = useMemo(() => searchRequest(listing, landingPageId), [listing, landingPageId]);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'loading' });
  const [showFilters, setShowFilters] = useState(false);
  // A new request: a failure is forgotten (loading again); shown results stay until the new ones.
  const [requested, setRequested] = useState(request);
  if (requested !== request) {
    setRequested(request);
    if (outcome.kind !== 'done') setOutcome({ kind: 'loading' });
  }

  useEffect(() => {
    // The loader brought the results of this URL: nothing to ask.
    if (results) return;
    let current = true;
    searchProducts(request).then(
      (response) => current && setOutcome({ kind: 'done', response }),
      () => {
        if (!current) return;
        progress.fail();
        setOutcome({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [request, results]);

  const heading = listing.term && !title ? t('search.title') : title || t('search.title');
  const shown: Outcome = results ? { kind: 'done', response: results } : outcome;
  if (shown.kind === 'failed') {
    return (
      <Page title={heading} testId="page-productSearch">
        <ErrorBox />
      </Page>
    );
  }
  if (shown.kind === 'loading') {
    return (
      <Page title={heading} testId="page-productSearch">
        <Loading />
      </Page>
    );
  }
  const { response } = shown;
  const facets = response.facets;
  const price = facets.find((facet) => facet.facetKey === 'price');
  const hasFilters = Object.keys(listing.selected).length > 0 || listing.priceMin || listing.priceMax || listing.rating;
  return (
    <Page title={heading} testId="page-productSearch">
      <div className={styles.toolbar}>
        <p data-testid="result-count" aria-live="polite">
          {t('search.resultCount', { count: response.totalCount })}
          {listing.term ? ` ${t('search.foundFor', { term: listing.term })}` : ''}
        </p>
        <label className={styles.row}>
          <span>{t('sorting.label')}</span>
          <select
            value={listing.sort}
            data-testid="sort"
            onChange={(event) =>
              void navigate(listingUrl(url, { set: { sort: event.target.value === 'relevance' ? null : event.target.value } }), { state: KEEP_SCROLL })
            }
          >
            {SORT_CHOICES.map((choice: SortChoice) => (
              <option key={choice} value={choice}>
                {t(`sorting.${choice}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={styles.layout}>
        <aside className={styles.facets} aria-label={t('filters.title')}>
          <button
            type="button"
            className={`${styles.secondary} ${styles.filterToggle}`}
            aria-expanded={showFilters}
            aria-controls="product-filters"
            onClick={() => setShowFilters(!showFilters)}
          >
            {showFilters ? t('filters.hide') : t('filters.show')}
            <span className={styles.muted} data-testid="filter-result-count">
              {' · '}
              {t('search.resultCount', { count: response.totalCount })}
            </span>
          </button>
          <div id="product-filters" data-open={showFilters} className={styles.filters}>
            {hasFilters && (
              <p>
                <Link
                  to={listingUrl(url, {
                    set: Object.fromEntries([...FACET_GROUPS, 'priceMin', 'priceMax', 'rating'].map((name) => [name, null])),
                  })}
                  state={KEEP_SCROLL}
                >
                  {t('filters.clearAll')}
                </Link>
              </p>
            )}
            {FACET_GROUPS.map((group) => {
              const facet = facets.find((candidate) => candidate.facetKey === group);
              return facet ? <FacetGroupView key={group} facet={facet} listing={listing} url={url} /> : null;
            })}
            {price && <PriceFilter facet={price} listing={listing} url={url} />}
            <RatingFilter listing={listing} url={url} />
          </div>
        </aside>
        <section aria-label={t('search.title')}>
          {response.results.length === 0 ? (
            <div data-testid="no-results">
              <p>{listing.term ? t('search.noResultsFor', { term: listing.term }) : t('errors.noResults')}</p>
              <p>{t('search.tryAgain')}</p>
            </div>
          ) : (
            <ul className={styles.productGrid}>
              {response.results.map((product, index) => (
                <ProductCard
                  key={product.productVariantId}
                  product={product}
                  position={(response.page - 1) * response.pageSize + index + 1}
                  listName={title || 'search'}
                  imageLoading={cardImageLoading(index)}
                />
              ))}
            </ul>
          )}
          <Pagination response={response} url={url} />
        </section>
      </div>
    </Page>
  );
}
