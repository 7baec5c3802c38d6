import { type Insertable, type Kysely } from 'kysely';
import { searchTextOf } from '../../domain/inbox-query';
import type { QuoteRepository, QuoteRetention } from '../../domain/ports';
import { type NewQuote, type QuoteRequest, toNamedFields } from '../../domain/quote';
import { waitingStatus } from '../../domain/quote-status';
import { dueAt } from '../../domain/response-clock';
import type { Database, NotificationKind, QuoteRequestsTable } from './database';
import { quoteColumns, rowToQuote } from './quote-row';

/** Options for {@link SqlQuoteRepository}; tests pass their own clock and ids. */
export interface SqlQuoteRepositoryOptions {
  now?: () => Date;
  newId?: () => string;
  /**
   * Also write each request's notification emails to the outbox (`SqlNotificationOutbox`), in the
   * same transaction: one to the business, and one to the customer when they gave an email.
   */
  notify?: boolean;
}

/**
 * Keeps quote requests in SQLite or PostgreSQL (migrated with `migrateToLatest`). The application, not
 * the database, picks each id and time, so both databases and the tests' clock agree.
 */
export class SqlQuoteRepository implements QuoteRepository, QuoteRetention {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;
  readonly #newId: () => string;
  readonly #notify: boolean;

  constructor(
    db: Kysely<Database>,
    { now = () => new Date(), newId = () => crypto.randomUUID(), notify = false }: SqlQuoteRepositoryOptions = {},
  ) {
    this.#db = db;
    this.#now = now;
    this.#newId = newId;
    this.#notify = notify;
  }

  async insert(quote: NewQuote): Promise<QuoteRequest> {
    const createdAt = this.#now();
    const values: Insertable<QuoteRequestsTable> = {
      id: this.#newId(),
      created_at: createdAt.toISOString(),
      ...toNamedFields(quote),
      // Every request starts waiting for its call back; the inbox's views and search read these columns.
      status: waitingStatus,
      responded_at: null,
      due_at: dueAt({ createdAt, urgent: quote.urgent }).toISOString(),
      search_text: searchTextOf(quote),
    };
    // One statement: it stores the whole row or nothing. A CHECK violation (the domain validates first,
    // so a bug) rejects like any storage failure.
    const insertQuote = (db: Kysely<Database>) =>
      db.insertInto('quote_requests').values(values).returning(quoteColumns).executeTakeFirstOrThrow();
    if (!this.#notify) return rowToQuote(await insertQuote(this.#db));

    // The request and its emails commit together or not at all: no stored request goes unannounced,
    // and no email tells of a request that was not stored.
    return this.#db.transaction().execute(async (tx) => {
      const row = await insertQuote(tx);
      const kinds: NotificationKind[] = quote.email === null ? ['business'] : ['business', 'customer'];
      await tx
        .insertInto('notifications')
        .values(
          kinds.map((kind) => ({
            id: crypto.randomUUID(),
            quote_id: row.id,
            kind,
            created_at: values.created_at,
            next_attempt_at: values.created_at, // due at once
          })),
        )
        .execute();
      return rowToQuote(row);
    });
  }

  async delete(id: string): Promise<boolean> {
    // Its notifications, history and notes go with it (ON DELETE CASCADE); the count is of requests only.
    const { numDeletedRows } = await this.#db.deleteFrom('quote_requests').where('id', '=', id).executeTakeFirst();
    return numDeletedRows > 0n;
  }

  async deleteCreatedBefore(cutoff: Date): Promise<number> {
    // ISO text compares as time in SQLite (every row is written by toISOString), and PostgreSQL reads
    // it as a timestamptz. One statement: the purge deletes all it should, or nothing; the history,
    // notes and notifications of each request go with it (ON DELETE CASCADE).
    const { numDeletedRows } = await this.#db
      .deleteFrom('quote_requests')
      .where('created_at', '<', cutoff.toISOString())
      .executeTakeFirst();
    return Number(numDeletedRows);
  }
}
