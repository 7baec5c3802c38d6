import { type Kysely, type Selectable, sql } from 'kysely';
import type { QuoteRepository } from '../../domain/ports';
import type { NewQuote, QuoteRequest } from '../../domain/quote';
import { serviceTypes } from '../../domain/service-type';
import type { Database, QuoteRequestsTable } from './database';

/** Options for {@link SqlQuoteRepository}; tests pass their own clock and ids. */
export interface SqlQuoteRepositoryOptions {
  now?: () => Date;
  newId?: () => string;
}

const quoteColumns = ['id', 'created_at', 'name', 'email', 'phone', 'service_type', 'description', 'urgent'] as const;

type QuoteRow = Pick<Selectable<QuoteRequestsTable>, (typeof quoteColumns)[number]>;

/**
 * Keeps quote requests in SQLite or PostgreSQL (migrated with `migrateToLatest`). The application, not
 * the database, picks each id and time, so both databases and the tests' clock agree.
 */
export class SqlQuoteRepository implements QuoteRepository {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;
  readonly #newId: () => string;

  constructor(db: Kysely<Database>, { now = () => new Date(), newId = () => crypto.randomUUID() }: SqlQuoteRepositoryOptions = {}) {
    this.#db = db;
    this.#now = now;
    this.#newId = newId;
  }

  async insert(quote: NewQuote): Promise<QuoteRequest> {
    // One statement: it stores the whole row or nothing. A CHECK violation (the domain validates first,
    // so a bug) rejects like any storage failure.
    const row = await this.#db
      .insertInto('quote_requests')
      .values({
        id: this.#newId(),
        created_at: this.#now().toISOString(),
        name: quote.name,
        email: quote.email,
        phone: quote.phone,
        service_type: quote.serviceType,
        description: quote.description,
        urgent: quote.urgent,
      })
      .returning(quoteColumns)
      .executeTakeFirstOrThrow();
    return rowToQuote(row);
  }

  async listNewestFirst(): Promise<readonly QuoteRequest[]> {
    const rows = await this.#db
      .selectFrom('quote_requests')
      .select(quoteColumns)
      // Among equal times the later insert comes first, as in every QuoteRepository.
      .orderBy('created_at', 'desc')
      .orderBy('seq', 'desc')
      .execute();
    return rows.map(rowToQuote);
  }

  async delete(id: string): Promise<boolean> {
    const { numDeletedRows } = await this.#db.deleteFrom('quote_requests').where('id', '=', id).executeTakeFirst();
    return numDeletedRows > 0n;
  }

  async deleteCreatedBefore(cutoff: Date): Promise<number> {
    // ISO text compares as time in SQLite (every row is written by toISOString), and PostgreSQL reads
    // it as a timestamptz. One statement: the purge deletes all it should, or nothing. Deleting rows
    // does not upset SQLite's insertion order: a new rowid is still above every remaining one.
    const { numDeletedRows } = await this.#db
      .deleteFrom('quote_requests')
      .where('created_at', '<', cutoff.toISOString())
      .executeTakeFirst();
    return Number(numDeletedRows);
  }

  /** Whether the database answers a query now; for the server's readiness probe. */
  async isReachable(): Promise<boolean> {
    try {
      await sql`select 1`.execute(this.#db);
      return true;
    } catch {
      return false;
    }
  }
}

function rowToQuote(row: QuoteRow): QuoteRequest {
  const serviceType = serviceTypes.find((type) => type === row.service_type);
  const createdAt = new Date(row.created_at);
  if (serviceType === undefined || Number.isNaN(createdAt.getTime())) {
    throw new Error(`Stored quote request ${row.id} is malformed`);
  }
  return {
    id: row.id,
    createdAt,
    name: row.name,
    email: row.email,
    phone: row.phone,
    serviceType,
    description: row.description,
    urgent: row.urgent === true || row.urgent === 1,
  };
}
