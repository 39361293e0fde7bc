/** Loaders of named pages whose content the server renders: the news overview and the search results. */
import type { LoaderFunctionArgs } from 'react-router';

import type { SearchResponse } from '../api/catalog';
import { fetchNewsPage, type NewsPage } from '../api/content';
import { listingResults } from '../features/catalog';
import { readPaging } from '../engine';

/** `/media/?p=`: one page of news. */
export async function newsIndexLoader({ request }: LoaderFunctionArgs): Promise<NewsPage> {
  const url = new URL(request.url);
  return fetchNewsPage(readPaging({ url: `${url.pathname}${url.search}` }).page);
}

/** `/search/?q=`: the results of the header's search (no landing page). */
export function searchResultsLoader({ request }: LoaderFunctionArgs): Promise<SearchResponse | null> {
  const url = new URL(request.url);
  return listingResults(`${url.pathname}${url.search}`, null);
}
