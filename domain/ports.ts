import type { InboxCursor, InboxPage, InboxQuery } from './inbox-query';
import type { QuoteNote, InboxQuote } from './inbox-quote';
import type { NewQuote, QuoteRequest } from './quote';
import type { QuoteStatus, StatusChange } from './quote-status';

/**
 * Where quote requests are kept. `insert` gives the stored request its id and time; every method
 * rejects when the store cannot be reached, and a rejected call has changed nothing.
 */
export interface QuoteRepository {
  insert(quote: NewQuote): Promise<QuoteRequest>;
  /** Removes one request for good: true if it was there, false if there was none with that id. */
  delete(id: string): Promise<boolean>;
  /** Removes for good every request stored strictly before `cutoff`, and says how many. */
  deleteCreatedBefore(cutoff: Date): Promise<number>;
}

/** Tells the business that a quote request has arrived. Rejects when the message could not be sent. */
export interface Notifier {
  quoteSubmitted(quote: QuoteRequest): Promise<void>;
}

/** Where the use cases report failures that the visitor is not shown. */
export interface Logger {
  error(message: string, cause: unknown): void;
}

/** A request found in the inbox after a change, or why there was none to change. */
export type StatusChangeOutcome =
  | { outcome: 'changed'; quote: InboxQuote }
  | { outcome: 'conflict'; current: QuoteStatus }
  | { outcome: 'not-found' };

/** What the response clock's summary needs to know of a request. */
export interface ClockRecord {
  createdAt: Date;
  urgent: boolean;
  respondedAt: Date | null;
}

/** What happened when staff asked for the business email about a request to be sent again. */
export type ResendOutcome = 'queued' | 'already-sent' | 'not-found';

/**
 * Where staff work the quote requests: one page at a time, each request with its status history and
 * notes. Every method rejects when the store cannot be reached (a rejected call has changed nothing),
 * and with NotSignedIn where the store wants a staff session it does not have.
 */
export interface QuoteInbox {
  /** One page of the requests matching `query`, in its view's order, starting after `after`. */
  findPage(request: { query: InboxQuery; after: InboxCursor | null; limit: number; now: Date }): Promise<InboxPage>;
  /**
   * Moves a request from `from` to `to`, recording who and when, and `respondedAt` when given (the
   * first call back). Only if it is still at `from`: otherwise 'conflict' with where it is now.
   */
  changeStatus(change: StatusChange & { id: string; respondedAt: Date | null }): Promise<StatusChangeOutcome>;
  /** Adds a note to a request; undefined when there is no such request. */
  addNote(note: Omit<QuoteNote, 'id'> & { quoteId: string }): Promise<QuoteNote | undefined>;
  /** The requests received at or after `since`, and every one still waiting however old. */
  clockRecords(since: Date): Promise<readonly ClockRecord[]>;
  /** Makes the business email about a request due to be sent again at once. */
  resendBusinessEmail(id: string, at: Date): Promise<ResendOutcome>;
}
