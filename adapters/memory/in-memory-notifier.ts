import { type RequestAlert, requestAlertOf } from '../../domain/alerts/alert-message';
import type { Notifier } from '../../domain/ports/notifier';
import type { QuoteRequest } from '../../domain/quote/quote';

export interface InMemoryNotifierOptions {
  /**
   * Shows the new request's alert on this device, as a push message would on a phone: the demo's
   * way of alerting with no push service. Left out, nothing is shown.
   */
  alert?: (alert: RequestAlert) => Promise<void>;
}

/** Records each notification instead of sending it: the demo has no mail server to reach. */
export class InMemoryNotifier implements Notifier {
  readonly #sent: QuoteRequest[] = [];
  readonly #alert: InMemoryNotifierOptions['alert'];

  constructor({ alert }: InMemoryNotifierOptions = {}) {
    this.#alert = alert;
  }

  async quoteSubmitted(quote: QuoteRequest): Promise<void> {
    this.#sent.push(quote);
    await this.#alert?.(requestAlertOf(quote, 'new'));
  }

  /** The requests the business has been told about, oldest first. */
  get sent(): readonly QuoteRequest[] {
    return [...this.#sent];
  }
}
