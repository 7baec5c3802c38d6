import type { NewQuote, QuoteRequest } from './quote';

/**
 * Where quote requests are kept. `insert` gives the stored request its id and time; both methods
 * reject when the store cannot be reached, and a rejected insert has stored nothing.
 */
export interface QuoteRepository {
  insert(quote: NewQuote): Promise<QuoteRequest>;
  listNewestFirst(): Promise<readonly QuoteRequest[]>;
}

/** Tells the business that a quote request has arrived. Rejects when the message could not be sent. */
export interface Notifier {
  quoteSubmitted(quote: QuoteRequest): Promise<void>;
}

/** Where the use cases report failures that the visitor is not shown. */
export interface Logger {
  error(message: string, cause: unknown): void;
}
