// Issue 27 points 4 and 6: the officers' review of call for sites submissions (one lazy chunk).
export { ReviewListPage } from './ReviewListPage';
export { ReviewDetailPage } from './ReviewDetailPage';
export { AnalyticsPage } from './AnalyticsPage';
