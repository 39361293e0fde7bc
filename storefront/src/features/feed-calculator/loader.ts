/** The calculator's route loader: the choices of the site, and the product chosen by `?productId=` (from a product page). */
import type { LoaderFunctionArgs } from 'react-router';

import { feedApi, type FeedChoices } from '../../api/feed';

export interface FeedCalculatorData {
  choices: FeedChoices;
  /** The feed product to advise, when the visitor came from its product page. */
  productId: number | null;
}

export async function feedCalculatorLoader({ request }: LoaderFunctionArgs): Promise<FeedCalculatorData> {
  const query = new URL(request.url).searchParams;
  const id = Number(query.get('productId'));
  const choices = await feedApi.choices();
  return {
    choices,
    productId: Number.isInteger(id) && id > 0 ? id : null,
  };
}
