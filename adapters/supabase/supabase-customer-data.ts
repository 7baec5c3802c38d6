import * as v from 'valibot';
import { businessEmailsOf, type CustomerData, type CustomerSubject, type ErasedCustomerData } from '../../domain/customer-data';
import type { CustomerDataStore } from '../../domain/ports';
import { CustomerRequestsAnswerSchema, ErasedAnswerSchema } from './supabase-inbox-answers';
import type { SupabaseDatabaseClient } from './supabase-database';
import { summaryOf } from './supabase-quote-row';
import { requireSession, staffCallFailure } from './supabase-staff-call';

function parsed<TSchema extends v.GenericSchema>(action: string, schema: TSchema, data: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data);
  if (!result.success) throw new Error(`${action} failed: the answer is not what the database sends (${summaryOf(result.issues)})`);
  return result.output;
}

const subjectArgs = (subject: CustomerSubject) => ({ subject_email: subject.email, subject_phone: subject.phone });

/**
 * A customer's data in a Supabase project, through two staff-only functions of its database
 * (20261202070000_customer_data.sql), run with the signed-in user's token: they refuse anyone who is
 * not in public.staff. This mode sends only the email to the business, whose state is kept on each
 * request: that is the one email listed.
 */
export class SupabaseCustomerData implements CustomerDataStore {
  readonly #client: SupabaseDatabaseClient;

  constructor({ client }: { client: SupabaseDatabaseClient }) {
    this.#client = client;
  }

  /** Through public.customer_data. */
  async findCustomerData(subject: CustomerSubject): Promise<CustomerData> {
    const action = 'Finding a customer’s data';
    await requireSession(this.#client, action);
    const answer = await this.#client.rpc('customer_data', subjectArgs(subject));
    if (answer.error) throw staffCallFailure(action, answer);
    const requests = parsed(action, CustomerRequestsAnswerSchema, answer.data);
    return { requests, emails: businessEmailsOf(requests) };
  }

  /** Through public.erase_customer_data: one transaction, every row of the requests' with them. */
  async eraseCustomerData(subject: CustomerSubject): Promise<ErasedCustomerData> {
    const action = 'Erasing a customer’s data';
    await requireSession(this.#client, action);
    const answer = await this.#client.rpc('erase_customer_data', subjectArgs(subject));
    if (answer.error) throw staffCallFailure(action, answer);
    return parsed(action, ErasedAnswerSchema, answer.data);
  }
}
