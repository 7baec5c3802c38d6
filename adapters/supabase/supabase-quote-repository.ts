import type { ProcessedPhoto } from '../../domain/photos/photos';
import type { NewlyStored, QuoteRepository } from '../../domain/ports/quote-repository';
import { type NewQuote, toNamedFields } from '../../domain/quote/quote';
import type { Arrival } from '../../domain/spam/spam';
import { customerTokenHash, newCustomerToken } from '../../domain/customer-link/customer-link';
import type { SupabaseDatabaseClient } from './supabase-database';
import { describeDatabaseFailure } from './supabase-failure';
import { removePhotoFolder, storeQuoteWithPhotos } from './supabase-photos';
import { requireSession, staffCallFailure } from './supabase-staff-call';

export interface SupabaseQuoteRepositoryOptions {
  client: SupabaseDatabaseClient;
  /** The time `insert` reports; the stored created_at is the database's own (see insert). */
  now?: () => Date;
}

const table = 'quote_requests';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Keeps quote requests in the Supabase project's quote_requests table, through PostgREST, as the
 * original did. Row-level security decides who may do what: anyone may insert, only staff may
 * delete (and read, through SupabaseQuoteInbox). Under it, a delete without staff rights is not
 * refused but deletes nothing, so it first makes sure there is a session at all.
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
   *
   * The customer's token is made here and only its hash is sent. The database judges every request
   * for spam as it stores it (spam-functions-sql.ts), from the row and the hidden field's state in
   * `arrival`; the browser never hears the verdict, so `heldAsSpam` is left out. There is no form token
   * in this mode: `arrival.formToken` is not sent.
   */
  async insert(quote: NewQuote, photos: readonly ProcessedPhoto[] = [], arrival?: Arrival): Promise<NewlyStored> {
    // With photos: their files first, then the request and their rows in one call (supabase-photos.ts).
    if (photos.length > 0) return storeQuoteWithPhotos(this.#client, quote, photos, () => undefined, this.#now, arrival);
    const id = crypto.randomUUID();
    const createdAt = this.#now();
    const customerToken = newCustomerToken();
    // supabase-js 2.119 sends no Prefer header on an insert without .select(), which PostgREST also
    // reads as minimal; saying it keeps the promise should either default change.
    const answer = await this.#client
      .from(table)
      .insert({ id, ...toNamedFields(quote), honeypot_filled: arrival?.honeypotFilled ?? false, customer_token_hash: await customerTokenHash(customerToken) })
      .setHeader('Prefer', 'return=minimal');
    if (answer.error) throw describeDatabaseFailure('Storing the quote request', answer);
    return { ...quote, id, createdAt, customerToken };
  }

  /**
   * DELETE by id, counted (`Prefer: count=exact`), so "deleted" and "was not there" differ. A
   * signed-in user who is not staff deletes nothing under row-level security, and hears false.
   * A deleted request's photos are then removed from Storage.
   */
  async delete(id: string): Promise<boolean> {
    const action = 'Deleting the quote request';
    await requireSession(this.#client, action);
    // Ids here are UUIDs: any other id is not there, and PostgreSQL would refuse it as malformed.
    if (!uuid.test(id)) return false;
    const answer = await this.#client.from(table).delete({ count: 'exact' }).eq('id', id);
    if (answer.error) throw staffCallFailure(action, answer);
    if (answer.count === null) throw new Error(`${action} failed: the database did not say how many rows it deleted`);
    if (answer.count === 0) return false;
    // The row first (its photo rows go with it), then the files: if Storage fails here the request is
    // still gone, as staff were told, and its folder is an orphan the purge-photos function removes
    // within the quarter hour. The other order could leave a request whose photos are gone.
    await removePhotoFolder(this.#client, id).catch(() => 0);
    return true;
  }
}
