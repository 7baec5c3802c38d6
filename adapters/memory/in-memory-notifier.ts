import type { Notifier } from '../../domain/ports';
import type { QuoteRequest } from '../../domain/quote';

/** Records each notification instead of sending it: the demo has no mail server to reach. */
export class InMemoryNotifier implements Notifier {
  readonly #sent: QuoteRequest[] = [];

  quoteSubmitted(quote: QuoteRequest): Promise<void> {
    this.#sent.push(quote);
    return Promise.resolve();
  }

  /** The requests the business has been told about, oldest first. */
  get sent(): readonly QuoteRequest[] {
    return [...this.#sent];
  }
}
