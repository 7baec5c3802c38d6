import { type Insertable, type Kysely } from 'kysely';
import { searchTextOf } from '../../domain/inbox-query';
import type { ProcessedPhoto } from '../../domain/photos';
import type { QuoteRepository, QuoteRetention } from '../../domain/ports';
import { type NewQuote, type QuoteRequest, toNamedFields } from '../../domain/quote';
import { waitingStatus } from '../../domain/quote-status';
import { dueAt } from '../../domain/response-clock';
import { deleteExpiredConfirmations, takeConfirmation } from './customer-confirmations';
import { type Database, type NotificationKind, type QuoteRequestsTable, type SqlDialectName, sqlDialectOf } from './database';
import { PhotoFiles, type PhotoToStore } from './photo-files';
import { quoteColumns, rowToQuote } from './quote-row';

/** Options for {@link SqlQuoteRepository}; tests pass their own clock and ids. */
export interface SqlQuoteRepositoryOptions {
  now?: () => Date;
  newId?: () => string;
  /**
   * Also write each request's notification emails to the outbox (`SqlNotificationOutbox`), in the
   * same transaction: one to the business, and one to the customer when they gave an email and none
   * went to that address in the day before (`customer_confirmations`).
   */
  notify?: boolean;
  /**
   * SQLite only: the directory the photos' files are kept in (DATA_DIR/photos). Without it this
   * repository refuses photos; PostgreSQL keeps them in the database and needs none.
   */
  photoDir?: string;
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
  readonly #dialect: SqlDialectName;
  readonly #files: PhotoFiles | undefined;

  constructor(
    db: Kysely<Database>,
    { now = () => new Date(), newId = () => crypto.randomUUID(), notify = false, photoDir }: SqlQuoteRepositoryOptions = {},
  ) {
    this.#db = db;
    this.#now = now;
    this.#newId = newId;
    this.#notify = notify;
    this.#dialect = sqlDialectOf(db);
    this.#files = this.#dialect === 'sqlite' && photoDir !== undefined ? new PhotoFiles(photoDir) : undefined;
  }

  /**
   * Stores the request with its photos, and its emails when notifying: all of it or, whatever fails,
   * none of it. On SQLite the photos' files are written (and synced) before the rows, moved into place
   * after them, and removed if anything fails.
   */
  async insert(quote: NewQuote, photos: readonly ProcessedPhoto[] = []): Promise<QuoteRequest> {
    if (photos.length === 0) return this.#insert(quote, []);
    const files = this.#files;
    if (this.#dialect === 'sqlite' && files === undefined) throw new Error('This store keeps no photos: it was given no photo directory');
    const toStore = photos.map((photo) => ({ id: crypto.randomUUID(), photo }));
    if (files === undefined) return this.#insert(quote, toStore);
    const id = this.#newId();
    try {
      await files.writePartial(id, toStore);
      const stored = await this.#insert(quote, toStore, id);
      try {
        await files.publish(id, toStore);
      } catch (error) {
        // The rows are committed but the files cannot be put in place: take the request back.
        await this.#db.deleteFrom('quote_requests').where('id', '=', id).execute();
        throw error;
      }
      return stored;
    } catch (error) {
      await files.remove(id).catch(() => undefined);
      throw error;
    }
  }

  async #insert(quote: NewQuote, photos: readonly PhotoToStore[], id: string = this.#newId()): Promise<QuoteRequest> {
    const createdAt = this.#now();
    const values: Insertable<QuoteRequestsTable> = {
      id,
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
    if (!this.#notify && photos.length === 0) return rowToQuote(await insertQuote(this.#db));

    // The request, its photos' rows and its emails commit together or not at all: no stored request goes
    // unannounced, and no email tells of a request that was not stored.
    return this.#db.transaction().execute(async (tx) => {
      const row = await insertQuote(tx);
      if (photos.length > 0) {
        const postgres = this.#dialect === 'postgres';
        await tx
          .insertInto('quote_photos')
          .values(
            photos.map(({ id: photoId, photo }, position) => ({
              id: photoId,
              quote_id: row.id,
              position,
              width: photo.width,
              height: photo.height,
              thumbnail_width: photo.thumbnail.width,
              thumbnail_height: photo.thumbnail.height,
              content_type: photo.contentType,
              created_at: values.created_at,
              ...(postgres && { body: Buffer.from(photo.body), thumbnail: Buffer.from(photo.thumbnail.body) }),
            })),
          )
          .execute();
      }
      if (!this.#notify) return rowToQuote(row);
      // The customer's confirmation only when they gave an address, and none went there in the last day
      // (domain/customer-confirmation.ts): the request is stored and the business told either way.
      const confirm = quote.email !== null && (await takeConfirmation(tx, quote.email, createdAt));
      const kinds: NotificationKind[] = confirm ? ['business', 'customer'] : ['business'];
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
    // Its photos' rows too; their files (SQLite) once the rows are gone, or by the next sweep if that fails.
    const { numDeletedRows } = await this.#db.deleteFrom('quote_requests').where('id', '=', id).executeTakeFirst();
    // The request is gone either way: files that cannot be removed now are unreachable, and swept later.
    await this.#files?.remove(id).catch(() => undefined);
    return numDeletedRows > 0n;
  }

  async deleteCreatedBefore(cutoff: Date): Promise<number> {
    // ISO text compares as time in SQLite (every row is written by toISOString), and PostgreSQL reads
    // it as a timestamptz. One statement: the purge deletes all it should, or nothing; the history,
    // notes and notifications of each request go with it (ON DELETE CASCADE).
    const deleted = await this.#db.deleteFrom('quote_requests').where('created_at', '<', cutoff.toISOString()).returning('id').execute();
    // The records of confirmations over a day old hold nothing back any more: no address's trace is kept longer.
    await deleteExpiredConfirmations(this.#db, this.#now());
    // Then the photos' files of SQLite, and any a crash or a failed removal left without a row.
    for (const { id } of deleted) await this.#files?.remove(id).catch(() => undefined);
    await this.#sweepPhotoFiles();
    return deleted.length;
  }

  /** Removes photo files no request has (left by a crash); answers how many. Nothing to do on PostgreSQL. */
  async #sweepPhotoFiles(): Promise<number> {
    return (await this.#files?.sweep(this.#db)) ?? 0;
  }
}
