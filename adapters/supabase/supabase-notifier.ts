import type { Notifier } from '../../domain/ports/notifier';
import { type QuoteRequest, toNamedFields } from '../../domain/quote/quote';
import type { SupabaseDatabaseClient } from './supabase-database';
import { describeFunctionFailure } from './supabase-failure';

/** The edge functions that tell the business, deployed with the project (adapters/supabase/supabase/). */
const notificationFunction = 'send-quote-notification';
const alertFunction = 'send-quote-alert';

/**
 * Tells the business through the project's edge functions: once the insert has answered, the page
 * POSTs the same six fields to the email function, and the request's id to the alert function, which
 * pushes the first alert to whoever is on call. Both are asked whatever the other answers; rejects
 * when either could not be reached or failed, and submitQuote logs that while the visitor still hears
 * that the request is stored.
 */
export class SupabaseNotifier implements Notifier {
  readonly #client: SupabaseDatabaseClient;

  constructor({ client }: { client: SupabaseDatabaseClient }) {
    this.#client = client;
  }

  async quoteSubmitted(quote: QuoteRequest): Promise<void> {
    const [email, alert] = await Promise.allSettled([
      // The spec's fields, and the id the browser gave the row, so the email's reference finds it.
      this.#invoke('Sending the quote request notification', notificationFunction, { id: quote.id, ...toNamedFields(quote) }),
      // The id alone: the function reads the stored request, so a caller cannot alert about anything else.
      this.#invoke('Alerting the staff on call', alertFunction, { id: quote.id }),
    ]);
    if (email.status === 'rejected') throw email.reason;
    if (alert.status === 'rejected') throw alert.reason;
  }

  async #invoke(action: string, name: string, body: Record<string, unknown>): Promise<void> {
    const answer = await this.#client.functions.invoke(name, { body });
    // supabase-js types the error as any; it is one of its Functions*Error classes, or null.
    const error: unknown = answer.error;
    if (error !== null) throw await describeFunctionFailure(action, error);
  }
}
