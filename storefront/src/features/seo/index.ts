/** Search engines' view of a page: its head tags and structured data. */
export { headTags, pageHead, summaryOf, type PageHead } from './head';
