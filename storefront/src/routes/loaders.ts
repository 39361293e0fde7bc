/** Loaders of named pages whose content the server renders: the news overview and the search results. */
import type { LoaderFunctionArgs } from 'react-router';

import type { SearchResponse } from '../api/catalog';
import { fetchNewsPage, type NewsPage } from '../api/content';
import { listingResults } from '../features/catalog';
import { readPaging } from '../engine';

/** `/media/?p=&ps=`: one page of news, of the page size the address asks for (specification: `ps`). */
export async function newsIndexLoader({ request }: LoaderFunctionArgs): Promise<NewsPage> {
  const url = new URL(request.url);
  const paging = readPaging({ url: `${url.pathname}${url.search}` });
  return fetchNewsPage(paging.page, paging.pageSize);
}

/** `/search/?q=`: the results of the header's search (no landing page). */
export function searchResultsLoader({ request }: LoaderFunctionArgs): Promise<SearchResponse | null> {
  const url = new URL(request.url);
  return listingResults(`${url.pathname}${url.search}`, null);
}
