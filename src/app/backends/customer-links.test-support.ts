import { closeCustomerRequest, type CustomerLinkDeps, followReviewLink, stopReviewEmails, sendCustomerMessage, openCustomerLink } from '../../../domain/customer-link/customer-link-actions';
import type { CustomerMessageAlert } from '../../../domain/ports/customer-link-store';
import type { CustomerLinks } from './backend';

/** The tests' customer link over a store in memory: the use cases, run in the page. */
export function customerLinksOver(deps: CustomerLinkDeps & { alert: CustomerMessageAlert }): CustomerLinks {
  return {
    view: (token, now) => openCustomerLink(deps, token, now),
    sendMessage: (token, text, now) => sendCustomerMessage(deps, token, text, now),
    close: (token, now) => closeCustomerRequest(deps, token, now),
    openReview: (token, now) => followReviewLink(deps, token, now),
    stopReviews: (token, now) => stopReviewEmails(deps, token, now),
  };
}
