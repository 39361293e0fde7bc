/** The site's editorial pages: the FAQ and the news (specification section 4). */
export { FaqPage } from './FaqPage';
export { NewsArticlePage, NewsIndexPage } from './NewsPages';
export { AdviceArticlePage, AdviceCategoryPage, AdviceVideoPage } from './AdvicePages';
