/** The site's editorial pages: the FAQ and the news. */
export { FaqPage } from './FaqPage';
export { NewsArticlePage, NewsIndexPage } from './NewsPages';
export { AdviceArticlePage, AdviceCategoryPage, AdviceVideoPage } from './AdvicePages';
