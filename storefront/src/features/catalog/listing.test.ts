import { describe, expect, it } from 'vitest';

import { listingUrl, readListing, searchRequest, toggleFilter } from './listing';

describe('product overview URL: paging (p/ps) and query rules', () => {
  it('reads the defaults: page 1, page size 24, relevance, nothing selected', () => {
    const listing = readListing('/muesli/');
    expect(listing).toMatchObject({ page: 1, pageSize: 24, sort: 'relevance', term: null, selected: {} });
    expect(searchRequest(listing, 3)).toEqual({ filter: { filters: [] }, pageInfo: { page: 1, pageSize: 24 }, landingpageId: 3 });
  });

  it('leaves page 1 and page size 24 out of the URL', () => {
    expect(listingUrl('/muesli/?p=3', { page: 1 })).toBe('/muesli/');
    expect(listingUrl('/muesli/?ps=48', { pageSize: 24 })).toBe('/muesli/');
    expect(listingUrl('/muesli/', { page: 2 })).toBe('/muesli/?p=2');
    expect(listingUrl('/muesli/', { page: 2, pageSize: 48 })).toBe('/muesli/?p=2&ps=48');
  });

  it('reads p and ps, ignoring invalid values', () => {
    expect(readListing('/search/?q=muesli&p=2&ps=12')).toMatchObject({ page: 2, pageSize: 12, term: 'muesli' });
    expect(readListing('/search/?p=0&ps=500')).toMatchObject({ page: 1, pageSize: 24 });
  });

  it('goes back to page 1 when a filter or the sort changes, and keeps the page size', () => {
    const url = '/search/?q=muesli&p=3&ps=12';
    expect(listingUrl(url, { set: { sort: 'priceAsc' } })).toBe('/search/?q=muesli&sort=priceAsc&ps=12');
    const listing = readListing(url);
    expect(toggleFilter(url, listing, 'horseType', 'sport')).toBe('/search/?q=muesli&horseType=sport&ps=12');
    const filtered = readListing('/search/?horseType=sport,pony&p=2');
    expect(toggleFilter('/search/?horseType=sport,pony&p=2', filtered, 'horseType', 'sport')).toBe('/search/?horseType=pony');
  });

  it('turns the URL into the search request of the API', () => {
    const listing = readListing('/search/?q=biotine&sale=yes&productGroup=supplement,muesli&priceMin=10&rating=4&sort=priceDesc&p=2');
    expect(searchRequest(listing, null)).toEqual({
      filter: {
        searchTerm: 'biotine',
        filters: [
          { facetKey: 'productGroup', selectedKeys: ['supplement', 'muesli'] },
          { facetKey: 'sale', selectedKeys: ['yes'] },
          { facetKey: 'price', selectedMinValue: '10' },
          { facetKey: 'rating', selectedValue: '4' },
        ],
      },
      pageInfo: { page: 2, pageSize: 24, sort: 'price', descending: true },
    });
  });
});
