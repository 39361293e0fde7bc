/** The news overview's loader (`/media/?p=`): one page of news, rendered on the server. */
import type { LoaderFunctionArgs } from 'react-router';

import { fetchNewsPage, type NewsPage } from '../api/content';
import { readPaging } from '../engine';

export async function newsIndexLoader({ request }: LoaderFunctionArgs): Promise<NewsPage> {
  const url = new URL(request.url);
  return fetchNewsPage(readPaging({ url: `${url.pathname}${url.search}` }).page);
}
