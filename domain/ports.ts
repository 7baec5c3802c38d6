import type { NewQuote, QuoteRequest } from './quote';

/**
 * Where quote requests are kept. `insert` gives the stored request its id and time; every method
 * rejects when the store cannot be reached, and a rejected call has changed nothing.
 */
export interface QuoteRepository {
  insert(quote: NewQuote): Promise<QuoteRequest>;
  listNewestFirst(): Promise<readonly QuoteRequest[]>;
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
