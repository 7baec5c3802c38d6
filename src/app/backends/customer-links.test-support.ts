import { findServiceBooking, remindCustomer, stopCustomerReminders, type CustomerReminderDeps } from '../../../domain/reminders/customer-reminders';
import { closeCustomerRequest, type CustomerLinkDeps, followReviewLink, stopReviewEmails, sendCustomerMessage } from '../../../domain/customer-link/customer-link-actions';
import type { CustomerMessageAlert } from '../../../domain/ports/customer-link-store';
import type { CustomerLinks } from './backend';
import { answerCustomerQuote, openCustomerQuote, type QuoteAcceptedAlert } from '../../../domain/priced-quote/customer-quote';

/** The tests' customer link over a store in memory: the use cases, run in the page. */
export function customerLinksOver(given: CustomerLinkDeps & Partial<CustomerReminderDeps> & { alert: CustomerMessageAlert; quoteAccepted?: QuoteAcceptedAlert }): CustomerLinks {
  // A test that sets no reminder gives no inbox: recording one then fails as an unreachable store would.
  const unreachable = () => Promise.reject(new Error('No inbox in this test'));
  const deps = { inbox: { record: unreachable }, reminderOptOuts: { optOut: unreachable }, quoteAccepted: { quoteAccepted: () => Promise.resolve() }, ...given };
  return {
    view: (token, now) => openCustomerQuote(deps, token, now),
    sendMessage: (token, text, now) => sendCustomerMessage(deps, token, text, now),
    close: (token, now) => closeCustomerRequest(deps, token, now),
    openReview: (token, now) => followReviewLink(deps, token, now),
    stopReviews: (token, now) => stopReviewEmails(deps, token, now),
    remind: (token, service, now) => remindCustomer(deps, token, service, now),
    stopReminders: (token, now) => stopCustomerReminders(deps, token, now),
    booking: (token) => findServiceBooking(deps, token),
    answerQuote: (token, answer, input, now) => answerCustomerQuote({ ...deps, alert: deps.quoteAccepted }, token, answer, { ...input }, now),
  };
}
