import type { Notifier } from '../../domain/ports';
import { type QuoteRequest, toNamedFields } from '../../domain/quote';
import type { SupabaseDatabaseClient } from './supabase-database';
import { describeFunctionFailure } from './supabase-failure';

/** The edge function that tells the business, deployed with the project (adapters/supabase/supabase/). */
const notificationFunction = 'send-quote-notification';

/**
 * Tells the business through the project's edge function, as the original did: once the insert has
 * answered, the page POSTs the same six fields to it. Rejects when the function could not be
 * reached or failed; submitQuote logs that, and the visitor still hears that the request is stored.
 */
export class SupabaseNotifier implements Notifier {
  readonly #client: SupabaseDatabaseClient;

  constructor({ client }: { client: SupabaseDatabaseClient }) {
    this.#client = client;
  }

  async quoteSubmitted(quote: QuoteRequest): Promise<void> {
    // The spec's fields, and the id the browser gave the row, so the email's reference finds it.
    const answer = await this.#client.functions.invoke(notificationFunction, { body: { id: quote.id, ...toNamedFields(quote) } });
    // supabase-js types the error as any; it is one of its Functions*Error classes, or null.
    const error: unknown = answer.error;
    if (error !== null) throw await describeFunctionFailure('Sending the quote request notification', error);
  }
}
