/** The calculator's route loader: the choices of the site, and the product chosen by `?productId=` (from a product page). */
import type { LoaderFunctionArgs } from 'react-router';

import { fetchLandingPage, type PageAlternates } from '../../api/content';
import { feedApi, type FeedChoices } from '../../api/feed';
import { paths } from '../../lib/paths';

export interface FeedCalculatorData {
  choices: FeedChoices;
  /** The feed product to advise, when the visitor came from its product page. */
  productId: number | null;
  /** The page's canonical address and its other languages, for search engines; null when unknown. */
  alternates: PageAlternates | null;
}

export async function feedCalculatorLoader({ request }: LoaderFunctionArgs): Promise<FeedCalculatorData> {
  const query = new URL(request.url).searchParams;
  const id = Number(query.get('productId'));
  const [choices, alternates] = await Promise.all([feedApi.choices(), fetchLandingPage(paths.feedCalculator)]);
  return {
    choices,
    productId: Number.isInteger(id) && id > 0 ? id : null,
    alternates,
  };
}
