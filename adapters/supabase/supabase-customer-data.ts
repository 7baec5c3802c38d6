import * as v from 'valibot';
import { businessEmailsOf, type CustomerData, type CustomerSubject, type ErasedCustomerData } from '../../domain/customer-data/customer-data';
import type { CustomerDataStore } from '../../domain/ports/customer-data-store';
import { CustomerRequestsAnswerSchema, ErasedAnswerSchema } from './supabase-inbox-answers';
import type { SupabaseDatabaseClient } from './supabase-database';
import { removePhotoFolder } from './supabase-photos';
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
    const requests = await this.#requestsOf(subject, 'Finding a customer’s data');
    return { requests, emails: businessEmailsOf(requests) };
  }

  async #requestsOf(subject: CustomerSubject, action: string) {
    await requireSession(this.#client, action);
    const answer = await this.#client.rpc('customer_data', subjectArgs(subject));
    if (answer.error) throw staffCallFailure(action, answer);
    return parsed(action, CustomerRequestsAnswerSchema, answer.data);
  }

  /**
   * Through public.erase_customer_data: one transaction, every row of the requests' with them. Their
   * photos' files are then removed from Storage at once, as a deleted request's are, so no signed
   * link to one can be made afterwards; any that Storage fails to remove, or of a request sent while
   * this ran, are the purge-photos function's.
   */
  async eraseCustomerData(subject: CustomerSubject): Promise<ErasedCustomerData> {
    const action = 'Erasing a customer’s data';
    const requests = await this.#requestsOf(subject, action);
    const answer = await this.#client.rpc('erase_customer_data', subjectArgs(subject));
    if (answer.error) throw staffCallFailure(action, answer);
    const erased = parsed(action, ErasedAnswerSchema, answer.data);
    await Promise.all(requests.map(({ id }) => removePhotoFolder(this.#client, id).catch(() => 0)));
    return erased;
  }
}
