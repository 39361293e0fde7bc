/**
 * The site's editorial content: the FAQ with its questions and the news.
 * Loaded by the route loaders, so the server renders them.
 */
import { api } from './client';
import { ApiError } from './fetch';
import type {
  SchemaAdviceArticleDetail,
  SchemaAdviceCategories,
  SchemaAdviceVideo,
  SchemaFaq,
  SchemaHomeContent,
  SchemaNewsArticle,
  SchemaNewsPage,
  SchemaPageAlternates,
} from './generated/schema';

export type Faq = SchemaFaq;
export type NewsArticle = SchemaNewsArticle;
export type NewsPage = SchemaNewsPage;
export type HomeContent = SchemaHomeContent;
export type AdviceCategories = SchemaAdviceCategories;
export type AdviceArticle = SchemaAdviceArticleDetail;
export type AdviceVideo = SchemaAdviceVideo;
export type PageAlternates = SchemaPageAlternates;

/** `GET /api/faq`: the FAQ's categories and questions (the site's FAQ when no id is given). */
export function fetchFaq(faqId?: number): Promise<Faq> {
  return api.get('/api/faq', { query: { faqId }, cached: true });
}

/** `GET /api/news`: one page of news items, newest first (`pageSize` absent: the server's default). */
export function fetchNewsPage(page = 1, pageSize?: number): Promise<NewsPage> {
  return api.get('/api/news', { query: { p: page > 1 ? page : undefined, ps: pageSize }, cached: true });
}

/** `GET /api/news/{id}`: one news item with its body. */
export function fetchNewsItem(id: number): Promise<NewsArticle> {
  return api.get('/api/news/{id}', { path: { id }, cached: true });
}

/** `GET /api/content/home`: the home page of the site's brand (on the corporate site the group's); null for a site without one. */
export async function fetchHome(): Promise<HomeContent | null> {
  try {
    return await api.get('/api/content/home', { cached: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * `GET /api/content/landing-page`: the canonical address of one of the shop's own landing pages
 * (the feed calculator, the store locator) and the same page in the brand's other languages;
 * null when the server has none for this site or it failed (the page is shown all the same).
 */
export async function fetchLandingPage(path: string): Promise<PageAlternates | null> {
  try {
    return await api.get('/api/content/landing-page', { query: { path }, cached: true });
  } catch {
    return null;
  }
}

/** `GET /api/advice/categories`: the advice overview with its categories, articles and videos. */
export function fetchAdviceCategories(): Promise<AdviceCategories> {
  return api.get('/api/advice/categories', { cached: true });
}

/** `GET /api/advice/articles/{id}`: an advice article with its body. */
export function fetchAdviceArticle(id: number): Promise<AdviceArticle> {
  return api.get('/api/advice/articles/{id}', { path: { id }, cached: true });
}

/** `GET /api/advice/videos/{id}`: an advice video. */
export function fetchAdviceVideo(id: number): Promise<AdviceVideo> {
  return api.get('/api/advice/videos/{id}', { path: { id }, cached: true });
}
