import * as v from 'valibot';
import { closedStatuses, CustomerMessageSchema, type CustomerLinkView, customerLinkViewOf, isCustomerTokenShaped } from './customer-link';
import { inSpamFolder } from '../spam/spam';
import type { CustomerLinkStore, CustomerMessageAlert } from '../ports/customer-link-store';
import type { Logger } from '../ports/logger';
import { reviewLinksAct, writeReviewUrl } from '../reviews/review-ask';

// What a customer does through the private link to their request. A token that is not shaped like
// one, that no request has, or whose request was closed too long ago is the same "not found": nothing
// tells whether such a request ever existed.

export interface CustomerLinkDeps {
  links: CustomerLinkStore;
  logger: Logger;
  /** The business's own "write a review" page, where the review link sends the customer; the demo profile's unless set. */
  reviewUrl?: string | undefined;
}

interface StoreFailure { kind: 'storage-failure' }

export type CustomerLinkResult = { ok: true; view: CustomerLinkView } | { ok: false; error: { kind: 'not-found' } | StoreFailure };

function failure(deps: CustomerLinkDeps, action: string, cause: unknown): { ok: false; error: StoreFailure } {
  deps.logger.error(`${action} failed`, cause);
  return { ok: false, error: { kind: 'storage-failure' } };
}

const notFound = { ok: false, error: { kind: 'not-found' } } as const;

/** The customer link, while the link lives. */
export async function openCustomerLink(deps: CustomerLinkDeps, token: string, now: Date): Promise<CustomerLinkResult> {
  if (!isCustomerTokenShaped(token)) return notFound;
  try {
    const quote = await deps.links.findByToken(token);
    const view = quote && customerLinkViewOf(quote, now);
    return view ? { ok: true, view } : notFound;
  } catch (cause) {
    return failure(deps, 'Showing a customer their request', cause);
  }
}

export type CustomerMessageResult =
  | { ok: true; view: CustomerLinkView }
  | { ok: false; error: { kind: 'invalid-message'; message: string } | { kind: 'not-found' } | StoreFailure };

/**
 * Adds the customer's message to their request, where staff see it as a note from the customer; on
 * an urgent request still open, whoever is on call is told at once (a failed alert is only logged: the
 * message is kept either way).
 */
export async function sendCustomerMessage(
  deps: CustomerLinkDeps & { alert: CustomerMessageAlert },
  token: string,
  input: unknown,
  now: Date,
): Promise<CustomerMessageResult> {
  const seen = await openCustomerLink(deps, token, now);
  if (!seen.ok) return seen;
  const text = v.safeParse(CustomerMessageSchema, input, { abortPipeEarly: true });
  if (!text.success) return { ok: false, error: { kind: 'invalid-message', message: text.issues[0].message } };
  let quote;
  try {
    quote = await deps.links.addCustomerMessage(token, text.output, now);
  } catch (cause) {
    return failure(deps, 'Adding a customer’s message', cause);
  }
  const view = quote && customerLinkViewOf(quote, now);
  if (!quote || !view) return notFound;
  // Nobody is alerted about a request in the Spam folder: its link works (a bot must not tell), but it waits for staff to look.
  if (quote.urgent && !closedStatuses.includes(quote.status) && !inSpamFolder(quote)) {
    await deps.alert.customerWrote(quote, text.output).catch((cause: unknown) => deps.logger.error('Alerting staff to a customer’s message failed', cause));
  }
  return { ok: true, view };
}

/** "No longer needed": the customer closes their request, which staff then see as lost, with that reason. */
export async function closeCustomerRequest(deps: CustomerLinkDeps, token: string, now: Date): Promise<CustomerLinkResult> {
  const seen = await openCustomerLink(deps, token, now);
  if (!seen.ok) return seen;
  try {
    const quote = await deps.links.closeForCustomer(token, now);
    const view = quote && customerLinkViewOf(quote, now);
    return view ? { ok: true, view } : notFound;
  } catch (cause) {
    return failure(deps, 'Closing a request for its customer', cause);
  }
}

export type ReviewLinkResult = { ok: true; url: string } | { ok: false; error: { kind: 'not-found' } | StoreFailure };

/**
 * The customer follows the link to review us (from a review email, or their page once the job is
 * done): answered with the business's review page, and recorded, so staff see "opened", only for a
 * request asked for a review or done (reviewLinksAct). Works for as long as the request is kept, not
 * only while its page does.
 */
export async function followReviewLink(deps: CustomerLinkDeps, token: string, now: Date): Promise<ReviewLinkResult> {
  if (!isCustomerTokenShaped(token)) return notFound;
  try {
    return (await deps.links.openReview(token, now)) ? { ok: true, url: deps.reviewUrl ?? writeReviewUrl } : notFound;
  } catch (cause) {
    return failure(deps, 'Following a review link', cause);
  }
}

export type StopReviewsResult = { ok: true } | { ok: false; error: { kind: 'not-found' } | StoreFailure };

/**
 * "Stop review emails": the request's address is never asked for a review again, in any mode. Only
 * through a request asked for a review or done (reviewLinksAct): any other is answered as a dead link,
 * with nothing recorded, since anyone may send a request with someone else's address.
 */
export async function stopReviewEmails(deps: CustomerLinkDeps, token: string, now: Date): Promise<StopReviewsResult> {
  if (!isCustomerTokenShaped(token)) return notFound;
  try {
    const quote = await deps.links.stopReviews(token, now);
    return quote && reviewLinksAct(quote) ? { ok: true } : notFound;
  } catch (cause) {
    return failure(deps, 'Stopping review emails', cause);
  }
}

/** Whether "Stop review emails" would stop them through `token`, changing nothing: for the page that shows its button. */
export async function findReviewStop(deps: CustomerLinkDeps, token: string): Promise<StopReviewsResult> {
  if (!isCustomerTokenShaped(token)) return notFound;
  try {
    const quote = await deps.links.findByToken(token);
    return quote && reviewLinksAct(quote) ? { ok: true } : notFound;
  } catch (cause) {
    return failure(deps, 'Opening the page that stops review emails', cause);
  }
}
