import * as v from 'valibot';
import type { CustomerLinkStore } from '../../../../../domain/ports/customer-link-store.ts';
import { asServiceRole, postgrestFailure, type StoreConfig } from '../_shared/postgrest.ts';
import { CustomerLinkAnswerSchema } from '../../../supabase-inbox-answers.ts';
import { customerTokenHash } from '../../../../../domain/customer-link/customer-link.ts';

/**
 * The customer's request through the project's REST API, as the service role: each call finds it by
 * the token's hash (customer-link-functions-sql.ts), so the token itself never leaves this function.
 * The database stamps who and when (the customer, now): `at` is this function's clock, for the
 * domain's use cases alone.
 */
export function postgrestLinkStore(project: StoreConfig, fetchImpl: typeof fetch = fetch): CustomerLinkStore {
  const rpc = async (action: string, name: string, args: Record<string, unknown>) => {
    const response = await fetchImpl(`${project.url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { ...asServiceRole(project), 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    if (!response.ok) throw await postgrestFailure(action, response);
    return v.parse(CustomerLinkAnswerSchema, await response.json()) ?? undefined;
  };
  return {
    findByToken: async (token) => rpc('Reading the customer\'s request', 'customer_request', { token_hash: await customerTokenHash(token) }),
    addCustomerMessage: async (token, text) =>
      rpc('Adding the customer\'s message', 'add_customer_message', { token_hash: await customerTokenHash(token), message: text }),
    closeForCustomer: async (token) => rpc('Closing the request for its customer', 'close_for_customer', { token_hash: await customerTokenHash(token) }),
  };
}
