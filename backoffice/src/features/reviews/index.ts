/** The reviews inbox: the reviews that await moderation, approved or rejected one by one or in bulk. */
export { ReviewsPage } from './ReviewsPage';
