import type { Notifier } from '../../domain/ports';
import type { QuoteRequest } from '../../domain/quote';

/**
 * Tells whoever watches the server's log that a request arrived: its id, service and urgency, and
 * none of the visitor's personal data. Used until an email notifier is configured.
 */
export class LogNotifier implements Notifier {
  constructor(private readonly write: (line: string) => void) {}

  quoteSubmitted(quote: QuoteRequest): Promise<void> {
    this.write(
      JSON.stringify({ event: 'quote-request-stored', id: quote.id, serviceType: quote.serviceType, urgent: quote.urgent }),
    );
    return Promise.resolve();
  }
}
