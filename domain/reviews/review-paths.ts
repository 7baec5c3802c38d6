import { customerLinkApiPath } from '../customer-link/customer-link';

/** The paths under a customer's link on the API (/api/r/<token>) that a done job's review uses: the way to the review page, and "stop". */
export const reviewPaths = { leaveReview: '/review', stopReviews: '/stop-reviews' } as const;

/**
 * A done job's two links on the API, as its review emails and the customer's page give them: to the
 * review, and "stop". Apart from the review's texts, so the pages that only link there carry none of them.
 */
export const reviewLinkPaths = (token: string) => ({
  leaveReview: `${customerLinkApiPath}/${token}${reviewPaths.leaveReview}`,
  stop: `${customerLinkApiPath}/${token}${reviewPaths.stopReviews}`,
});
