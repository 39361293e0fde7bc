/** What the home page loads: each part on its own, so one failing part never fails the page. */
import { fetchAdviceCategories, fetchHome, fetchNewsPage, type AdviceCategories, type HomeContent, type NewsPage } from '../../api/content';

export interface HomeData {
  /** The brand's home page: hero, tiles, product lists; null on a site without one. */
  content: Promise<HomeContent | null>;
  /** The first page of news, newest first. */
  news: Promise<NewsPage>;
  /** The advice overview, for the advice teaser. */
  advice: Promise<AdviceCategories>;
}

/** Starts the home page's requests; the route's loader hands the promises on (the server awaits them). */
export function loadHome(): HomeData {
  return { content: handled(fetchHome()), news: handled(fetchNewsPage(1)), advice: handled(fetchAdviceCategories()) };
}

/** The promise itself, marked as handled: its part of the page shows the failure (`Await`), nothing else must. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
