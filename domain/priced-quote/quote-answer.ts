import type { CustomerLinkView } from '../customer-link/customer-link';
import type { CustomerLinkResult } from '../customer-link/customer-link-actions';

// How the customer's answer to their priced quote reaches our server, and what their page is told of it.

/** The customer's two answers: "Accept and agree to pay …" and "No thanks". */
export type QuoteAnswerKind = 'accept' | 'decline';

/**
 * The paths under a customer's link where they answer their priced quote: on the page (/r/<token>)
 * its plain forms post to `accept` and `decline`; on the API (/api/r/<token>) the same as JSON.
 */
export const quotePaths = { accept: '/quote/accept', decline: '/quote/decline' } as const satisfies Record<QuoteAnswerKind, string>;

/** What the page's address says after a plain form's answer: `?done=quote-accepted` or `quote-declined`. */
export const quoteDone = { accept: 'quote-accepted', decline: 'quote-declined' } as const satisfies Record<QuoteAnswerKind, string>;

/** The answer as the customer's page sends it: the version answered, the early-start tick, the reason chosen ('' for none). */
export interface QuoteAnswerInput {
  version: number;
  earlyStart: boolean;
  reason: string;
}

/**
 * What the page is told of an answer (answerCustomerQuote's result, as much as crosses the wire): the
 * page as it stands after it, the field that was wrong, or why it was not taken with the page now.
 */
export type QuoteAnswerShown =
  | CustomerLinkResult
  | { ok: false; error: { kind: 'invalid-answer'; field: string; message: string } | { kind: 'refused'; message: string; view: CustomerLinkView } };

/** An answer as the customer's plain form sent it back, not taken: which, for what version, what they chose, and what was wrong (`field` names it when one was). */
export interface QuoteAnswerState {
  answer: QuoteAnswerKind;
  version: number;
  earlyStart: boolean;
  reason: string;
  error: string;
  field?: string;
}
