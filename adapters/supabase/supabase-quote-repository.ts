import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import * as v from 'valibot';
import type { QuoteRepository } from '../../domain/ports';
import type { NewQuote, QuoteRequest } from '../../domain/quote';
import { NotSignedIn } from '../../domain/staff';
import type { SupabaseDatabaseClient } from './supabase-database';
import { describeAuthFailure, describeDatabaseFailure, type DatabaseAnswer } from './supabase-failure';
import { QuoteRequestRowsSchema, summaryOf, toQuoteFields } from './supabase-quote-row';

export interface SupabaseQuoteRepositoryOptions {
  client: SupabaseDatabaseClient;
  /** The time `insert` reports; the stored created_at is the database's own (see insert). */
  now?: () => Date;
}

const table = 'quote_requests';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Keeps quote requests in the Supabase project's quote_requests table, through PostgREST, as the
 * original did. Row-level security decides who may do what: anyone may insert, only staff may read
 * and delete. Under it, a read without staff rights is not refused but answered with no rows, so
 * reads and deletes first make sure there is a session at all.
 */
export class SupabaseQuoteRepository implements QuoteRepository {
  readonly #client: SupabaseDatabaseClient;
  readonly #now: () => Date;

  constructor({ client, now = () => new Date() }: SupabaseQuoteRepositoryOptions) {
    this.#client = client;
    this.#now = now;
  }

  /**
   * POSTs the row without asking for it back (`Prefer: return=minimal`): visitors may insert but
   * not read, so asking for the stored row would make row-level security refuse the insert itself.
   * The id is made here and sent, so the one returned is the stored one; the time returned is this
   * client's, while the stored created_at is the database's own `now()`, which staff then see.
   * A failure of any kind (unreachable, 5xx, a refused token, a check constraint the domain's rules
   * should already have kept out) rejects with an Error that says which: a storage failure.
   */
  async insert(quote: NewQuote): Promise<QuoteRequest> {
    const id = crypto.randomUUID();
    const createdAt = this.#now();
    // supabase-js 2.119 sends no Prefer header on an insert without .select(), which PostgREST also
    // reads as minimal; saying it keeps the promise should either default change.
    const answer = await this.#client
      .from(table)
      .insert({ id, ...toQuoteFields(quote) })
      .setHeader('Prefer', 'return=minimal');
    if (answer.error) throw describeDatabaseFailure('Storing the quote request', answer);
    return { ...quote, id, createdAt };
  }

  /** Every column of every row, newest first: no paging and no limit, as the original read them. */
  async listNewestFirst(): Promise<readonly QuoteRequest[]> {
    const action = 'Reading the quote requests';
    await this.#requireSession(action);
    const answer = await this.#client.from(table).select('*').order('created_at', { ascending: false });
    if (answer.error) throw this.#failure(action, answer);
    const rows = v.safeParse(QuoteRequestRowsSchema, answer.data);
    if (!rows.success) {
      throw new Error(`${action} failed: the rows are not quote requests (${summaryOf(rows.issues)})`);
    }
    return rows.output;
  }

  /**
   * DELETE by id, counted (`Prefer: count=exact`), so "deleted" and "was not there" differ. A
   * signed-in user who is not staff deletes nothing under row-level security, and hears false.
   */
  async delete(id: string): Promise<boolean> {
    const action = 'Deleting the quote request';
    await this.#requireSession(action);
    // Ids here are UUIDs: any other id is not there, and PostgreSQL would refuse it as malformed.
    if (!uuid.test(id)) return false;
    const answer = await this.#client.from(table).delete({ count: 'exact' }).eq('id', id);
    if (answer.error) throw this.#failure(action, answer);
    if (answer.count === null) throw new Error(`${action} failed: the database did not say how many rows it deleted`);
    return answer.count > 0;
  }

  /**
   * Not done from the browser, on purpose: expired requests are deleted by the database itself, on
   * a schedule in the project (see adapters/supabase/supabase/), with its own clock. The anonymous
   * key is in every visitor's page, and no policy lets anyone delete by age from outside.
   */
  deleteCreatedBefore(cutoff: Date): Promise<number> {
    return Promise.reject(
      new Error(
        `Not deleting the quote requests stored before ${cutoff.toISOString()}: deleting expired requests is the Supabase database's own scheduled job`,
      ),
    );
  }

  /** A session to read with, refreshed if its access token has expired; none, or a refused refresh, is NotSignedIn. */
  async #requireSession(action: string): Promise<void> {
    const { data, error } = await this.#client.auth.getSession();
    if (error && isAuthRetryableFetchError(error)) throw describeAuthFailure(action, error);
    if (error || data.session === null) throw new NotSignedIn();
  }

  /** A token PostgREST refuses (expired, revoked, signed with an old key) means signing in again. */
  #failure(action: string, answer: DatabaseAnswer): Error {
    return answer.status === 401 ? new NotSignedIn() : describeDatabaseFailure(action, answer);
  }
}
