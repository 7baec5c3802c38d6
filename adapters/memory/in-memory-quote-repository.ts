import type { QuoteRepository } from '../../domain/ports';
import type { NewQuote, QuoteRequest } from '../../domain/quote';

export interface InMemoryQuoteRepositoryOptions {
  /** Requests already there, in any order. */
  seed?: readonly QuoteRequest[];
  now?: () => Date;
  newId?: () => string;
}

/** Keeps quote requests in this process's memory: the demo's store and the tests' fake. */
export class InMemoryQuoteRepository implements QuoteRepository {
  readonly #quotes: QuoteRequest[];
  readonly #now: () => Date;
  readonly #newId: () => string;

  constructor({ seed = [], now = () => new Date(), newId = () => crypto.randomUUID() }: InMemoryQuoteRepositoryOptions = {}) {
    this.#quotes = seed.map(copyOf);
    this.#now = now;
    this.#newId = newId;
  }

  insert(quote: NewQuote): Promise<QuoteRequest> {
    const stored: QuoteRequest = { ...quote, id: this.#newId(), createdAt: this.#now() };
    this.#quotes.push(stored);
    return Promise.resolve(copyOf(stored));
  }

  listNewestFirst(): Promise<readonly QuoteRequest[]> {
    // Later inserts first among equal times, as a database ordering by time then insertion would.
    const newestFirst = this.#quotes
      .map((quote, order) => ({ quote, order }))
      .sort((a, b) => b.quote.createdAt.getTime() - a.quote.createdAt.getTime() || b.order - a.order)
      .map(({ quote }) => copyOf(quote));
    return Promise.resolve(newestFirst);
  }

  delete(id: string): Promise<boolean> {
    const index = this.#quotes.findIndex((quote) => quote.id === id);
    if (index !== -1) this.#quotes.splice(index, 1);
    return Promise.resolve(index !== -1);
  }

  deleteCreatedBefore(cutoff: Date): Promise<number> {
    const before = this.#quotes.length;
    const kept = this.#quotes.filter(({ createdAt }) => createdAt.getTime() >= cutoff.getTime());
    this.#quotes.splice(0, this.#quotes.length, ...kept);
    return Promise.resolve(before - kept.length);
  }
}

// Callers get their own copies, so nothing they change alters what is stored.
function copyOf(quote: QuoteRequest): QuoteRequest {
  return { ...quote, createdAt: new Date(quote.createdAt.getTime()) };
}
