import { FunctionsHttpError } from '@supabase/supabase-js';
import * as v from 'valibot';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { CustomerLinkStore } from '../../domain/ports/customer-link-store';
import { CustomerLinkWireSchema } from './supabase-customer-link-wire';
import type { SupabaseDatabaseClient } from './supabase-database';
import { describeFunctionFailure } from './supabase-failure';
import { summaryOf } from './supabase-quote-row';

/** The edge function that serves the customer link (supabase/functions/customer-link). */
const customerFunction = 'customer-link';

/**
 * The customer's request, for their customer link in the browser, through the customer-link edge function:
 * the database is never opened to the public key, so the function finds the request by the token's
 * hash with the service role and answers only the customer link of it. Each answer is read back as
 * the request that page is made of (customer-view-wire.ts): what customerLinkViewOf reads is there, the
 * rest (staff's notes, who, the id) is empty. The token goes in the body, never in an address.
 * Undefined for a token that opens nothing, as the function's 404 says; the function has judged the
 * message, so a refused one (400) rejects.
 */
export class SupabaseCustomerLink implements CustomerLinkStore {
  readonly #client: SupabaseDatabaseClient;

  constructor({ client }: { client: SupabaseDatabaseClient }) {
    this.#client = client;
  }

  findByToken(token: string): Promise<InboxQuote | undefined> {
    return this.#call('Showing the customer their request', 'view', { token });
  }

  addCustomerMessage(token: string, text: string): Promise<InboxQuote | undefined> {
    return this.#call('Adding the customer\'s message', 'message', { token, message: text });
  }

  closeForCustomer(token: string): Promise<InboxQuote | undefined> {
    return this.#call('Closing the request for its customer', 'close', { token });
  }

  async #call(action: string, route: string, body: Record<string, string>): Promise<InboxQuote | undefined> {
    const answer = await this.#client.functions.invoke(`${customerFunction}/${route}`, { body });
    // supabase-js types the error as any; it is one of its Functions*Error classes, or null.
    const error: unknown = answer.error;
    if (error instanceof FunctionsHttpError && error.context instanceof Response && error.context.status === 404) return undefined;
    if (error !== null) throw await describeFunctionFailure(action, error);
    const parsed = v.safeParse(CustomerLinkWireSchema, answer.data);
    if (!parsed.success) throw new Error(`${action} failed: the answer is not what the function sends (${summaryOf(parsed.issues)})`);
    return parsed.output;
  }
}
