/** Search engines' view of a page (issue 18): its head tags and structured data. */
export { headTags, pageHead, summaryOf, type PageHead } from './head';
