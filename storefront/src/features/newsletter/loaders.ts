/**
 * The loaders of the newsletter's pages (they run on the server for the first page): the
 * confirmation page confirms the mail's token at once, as opening the link means; the
 * unsubscribe page only reads its link, and the visitor confirms with a button (a mail
 * client that opens links ahead never unsubscribes anyone).
 */
import type { LoaderFunctionArgs } from 'react-router';

import { newsletterApi } from '../../api/newsletter';
import { readProblem } from '../../lib/apiErrors';

export interface NewsletterConfirmData {
  /** `confirmed`, `invalid` (no, an unknown or a replaced token) or `failed` (try again later). */
  result: 'confirmed' | 'invalid' | 'failed';
}

export async function newsletterConfirmLoader({ request }: LoaderFunctionArgs): Promise<NewsletterConfirmData> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return { result: 'invalid' };
  try {
    await newsletterApi.confirm(token);
    return { result: 'confirmed' };
  } catch (error) {
    return { result: readProblem(error).status === 400 ? 'invalid' : 'failed' };
  }
}

export interface NewsletterUnsubscribeData {
  email: string;
  token: string;
}

export function newsletterUnsubscribeLoader({ request }: LoaderFunctionArgs): NewsletterUnsubscribeData {
  const query = new URL(request.url).searchParams;
  return { email: query.get('email') ?? '', token: query.get('token') ?? '' };
}
