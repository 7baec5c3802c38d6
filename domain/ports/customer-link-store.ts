import type { InboxQuote } from '../inbox/inbox-quote';

/**
 * A customer's own request, found by the token of their private link (stores keep only its hash).
 * Every method answers undefined when no request has that token (a guess, or one deleted), and rejects
 * when the store cannot be reached; a rejected call has changed nothing.
 */
export interface CustomerLinkStore {
  /** The request the link is to, as staff see it (the use case shows the customer only what is theirs). */
  findByToken(token: string): Promise<InboxQuote | undefined>;
  /** Adds the customer's message as a note from `customerAuthor`, at `at`; the request as it is then. */
  addCustomerMessage(token: string, text: string, at: Date): Promise<InboxQuote | undefined>;
  /**
   * Closes the request as lost for the customer ("No longer needed", a status change by
   * `customerAuthor` and a note saying so), from any status but lost; the request as it is then.
   */
  closeForCustomer(token: string, at: Date): Promise<InboxQuote | undefined>;
  /**
   * Records that the customer followed the link to review us (the first time is kept), on a request
   * whose review links act (reviewLinksAct, judged in the same transaction); the request as it is then.
   */
  openReview(token: string, at: Date): Promise<InboxQuote | undefined>;
  /**
   * Never asks the request's address for a review again (nothing to do for one with no address), on a
   * request whose review links act (reviewLinksAct, judged in the same transaction); the request.
   */
  stopReviews(token: string, at: Date): Promise<InboxQuote | undefined>;
}

/** Tells whoever is on call that a customer wrote about an urgent request. Rejects when it could not. */
export interface CustomerMessageAlert {
  customerWrote(quote: InboxQuote, text: string): Promise<void>;
}
