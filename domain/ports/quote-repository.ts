import type { NewQuote, QuoteRequest } from '../quote/quote';
import type { ProcessedPhoto } from '../photos/photos';
import type { Arrival } from '../spam/spam';

/**
 * Where quote requests are kept. `insert` gives the stored request its id and time; every method
 * rejects when the store cannot be reached, and a rejected call has changed nothing.
 */
export interface QuoteRepository {
  /**
   * Stores a request with its photos (processed: upright, metadata removed) in one step: either all
   * of it is kept, or none of it, files included. With `arrival`, the store judges it by the spam
   * rules (domain/spam/spam.ts) where it can trust what it weighs, and keeps one judged spam in the Spam
   * folder: no email, no alert. Without, it is not judged (the store's own callers and tests).
   */
  insert(quote: NewQuote, photos?: readonly ProcessedPhoto[], arrival?: Arrival): Promise<NewlyStored>;
  /** Removes one request for good: true if it was there, false if there was none with that id. */
  delete(id: string): Promise<boolean>;
}

/** A request just stored, as its sender's use case hears of it. */
export interface NewlyStored extends QuoteRequest {
  /** The token of the customer's private link (domain/customer-link/customer-link.ts): given now, and never again. */
  customerToken: string;
  /**
   * Whether it went to the Spam folder: for the use case alone, to tell nobody of it. Never shown to
   * the visitor, who is answered alike either way. Absent where the judging is out of the caller's
   * sight (a browser whose server or database judges).
   */
  heldAsSpam?: boolean;
}

/**
 * Where requests kept past the retention period are deleted. Only a store that runs its own timer
 * offers it (memory, SQL behind our server); the browser's clients do not, since a browser choosing
 * the cutoff could wipe every request with a wrong clock (Supabase purges with a job in SQL). Rejects
 * when the store cannot be reached, and a rejected call has deleted nothing.
 */
export interface QuoteRetention {
  /** Removes for good every request stored strictly before `cutoff`, and says how many. */
  deleteCreatedBefore(cutoff: Date): Promise<number>;
  /** Removes for good every request in the Spam folder sent strictly before `cutoff`, and says how many. */
  deleteSpamBefore(cutoff: Date): Promise<number>;
}
