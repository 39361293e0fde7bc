/**
 * The site's editorial content: the FAQ with its questions and the news (specification
 * section 4). Loaded by the route loaders, so the server renders them.
 */
import { api } from './client';
import type { SchemaFaq, SchemaNewsArticle, SchemaNewsPage } from './generated/schema';

export type Faq = SchemaFaq;
export type NewsArticle = SchemaNewsArticle;
export type NewsPage = SchemaNewsPage;

/** `GET /api/faq`: the FAQ's categories and questions (the site's FAQ when no id is given). */
export function fetchFaq(faqId?: number): Promise<Faq> {
  return api.get('/api/faq', { query: { faqId }, cached: true });
}

/** `GET /api/news`: one page of news items, newest first. */
export function fetchNewsPage(page = 1): Promise<NewsPage> {
  return api.get('/api/news', { query: { p: page > 1 ? page : undefined }, cached: true });
}

/** `GET /api/news/{id}`: one news item with its body. */
export function fetchNewsItem(id: number): Promise<NewsArticle> {
  return api.get('/api/news/{id}', { path: { id }, cached: true });
}
