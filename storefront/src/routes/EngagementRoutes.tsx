/** The pages the shop's mails link to: the newsletter's confirmation and unsubscribe pages and the customer survey. */
import { useLoaderData } from 'react-router';

import { NewsletterConfirmPage, NewsletterUnsubscribePage, type NewsletterConfirmData, type NewsletterUnsubscribeData } from '../features/newsletter';
import { SurveyPage, type SurveyData } from '../features/survey';

export function NewsletterConfirmRoute() {
  return <NewsletterConfirmPage data={useLoaderData<NewsletterConfirmData>()} />;
}

export function NewsletterUnsubscribeRoute() {
  return <NewsletterUnsubscribePage data={useLoaderData<NewsletterUnsubscribeData>()} />;
}

export function SurveyRoute() {
  return <SurveyPage data={useLoaderData<SurveyData>()} />;
}
