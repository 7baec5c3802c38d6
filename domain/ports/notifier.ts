import type { QuoteRequest } from '../quote/quote';

/** Tells the business that a quote request has arrived. Rejects when the message could not be sent. */
export interface Notifier {
  quoteSubmitted(quote: QuoteRequest): Promise<void>;
}
