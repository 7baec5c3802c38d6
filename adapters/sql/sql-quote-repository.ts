import { tieRepeatVisit } from './repeat-visits';
import { type Insertable, type Kysely, sql } from 'kysely';
import { searchTextOf } from '../../domain/inbox/inbox-query';
import { customerTokenHash, newCustomerToken } from '../../domain/customer-link/customer-link';
import type { ProcessedPhoto } from '../../domain/photos/photos';
import type { FormTokens } from '../../domain/ports/form-tokens';
import type { NewlyStored, QuoteRepository, QuoteRetention } from '../../domain/ports/quote-repository';
import { type NewQuote, toNamedFields } from '../../domain/quote/quote';
import { waitingStatus } from '../../domain/inbox/quote-status';
import { dueAt } from '../../domain/inbox/response-clock';
import { type Arrival, judgeSpam, type SpamVerdict, spamTextKey } from '../../domain/spam/spam';
import { type Database, type QuoteRequestsTable, type SqlDialectName, sqlDialectOf } from './database';
import { deleteExpiredConfirmations } from './customer-confirmations';
import { queueNotifications } from './new-request-notifications';
import { PhotoFiles, type PhotoToStore } from './photo-files';
import { quoteColumns, rowToQuote } from './quote-row';
import { writeTransaction } from './group-commit';

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
  /**
   * The quote form's tokens, to read how long a visitor took to send a request they sent with one
   * (`insert` with an arrival). Without, no request's time is known: each is judged as sent without one.
   */
  formTokens?: FormTokens;
  /**
   * The token of a request's customer link, from its id, with its hash (the domain's customerTokenHash):
   * our server derives it under a secret, so the confirmation email can carry it later
   * (docs/decisions/020), and hashes it without leaving the thread. Without, each token is random.
   */
  customerToken?: (id: string) => { token: string; hash: string };
}

/** How far back requests with the same text are counted (the domain's sameTextRecently): a day. */
const sameTextWindowMs = 24 * 60 * 60 * 1000;

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
  readonly #formTokens: FormTokens | undefined;
  readonly #customerToken: ((id: string) => { token: string; hash: string }) | undefined;

  constructor(
    db: Kysely<Database>,
    { now = () => new Date(), newId = () => crypto.randomUUID(), notify = false, photoDir, formTokens, customerToken }: SqlQuoteRepositoryOptions = {},
  ) {
    this.#formTokens = formTokens;
    this.#customerToken = customerToken;
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
   * after them, and removed if anything fails. With `arrival` it is judged by the spam rules, and one
   * judged spam is kept in the Spam folder with its mark, and no email is queued for it.
   */
  async insert(quote: NewQuote, photos: readonly ProcessedPhoto[] = [], arrival?: Arrival): Promise<NewlyStored> {
    const createdAt = this.#now();
    // Read before the transaction: checking a token's signature needs no database.
    const secondsToSubmit = arrival === undefined ? null : await this.#secondsToSubmit(arrival, createdAt);
    const judging = arrival && { honeypotFilled: arrival.honeypotFilled, secondsToSubmit, repeatOf: arrival.repeatOf };
    if (photos.length === 0) return this.#insert(quote, createdAt, judging, []);
    const files = this.#files;
    if (this.#dialect === 'sqlite' && files === undefined) throw new Error('This store keeps no photos: it was given no photo directory');
    const toStore = photos.map((photo) => ({ id: crypto.randomUUID(), photo }));
    if (files === undefined) return this.#insert(quote, createdAt, judging, toStore);
    const id = this.#newId();
    try {
      await files.writePartial(id, toStore);
      const stored = await this.#insert(quote, createdAt, judging, toStore, id);
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

  /** Seconds from the form's token to `now`; null without a token, or without the tokens to read it by. */
  async #secondsToSubmit({ formToken }: Arrival, now: Date): Promise<number | null> {
    if (formToken === null || this.#formTokens === undefined) return null;
    return this.#formTokens.secondsSince(formToken, now);
  }

  async #insert(
    quote: NewQuote,
    createdAt: Date,
    judging: { honeypotFilled: boolean; secondsToSubmit: number | null; repeatOf?: string | undefined } | undefined,
    photos: readonly PhotoToStore[],
    id: string = this.#newId(),
  ): Promise<NewlyStored> {
    // Derived from the id when the server says how (so its emails can carry the link), else random.
    const derived = this.#customerToken?.(id);
    const customerToken = derived?.token ?? newCustomerToken();
    const textKey = spamTextKey(quote);
    const values: Insertable<QuoteRequestsTable> = {
      id,
      created_at: createdAt.toISOString(),
      ...toNamedFields(quote),
      // Every request starts waiting for its call back; the inbox's views and search read these columns.
      status: waitingStatus,
      responded_at: null,
      due_at: dueAt({ createdAt, urgent: quote.urgent }).toISOString(),
      search_text: searchTextOf(quote),
      spam_text_key: textKey,
      customer_token_hash: derived?.hash ?? (await customerTokenHash(customerToken)),
    };
    const stored = (row: Parameters<typeof rowToQuote>[0], verdict: SpamVerdict | undefined): NewlyStored => ({
      ...rowToQuote(row),
      customerToken,
      ...(verdict !== undefined && { heldAsSpam: verdict.spam }),
    });
    // One statement: it stores the whole row or nothing. A CHECK violation (the domain validates first,
    // so a bug) rejects like any storage failure.
    const insertQuote = (db: Kysely<Database>, verdict: SpamVerdict | undefined) =>
      db
        .insertInto('quote_requests')
        .values(verdict?.spam === true ? { ...values, ...spamMarkValues(verdict, createdAt) } : values)
        .returning(quoteColumns)
        .executeTakeFirstOrThrow();
    // The request, its photos' rows and its emails commit together or not at all: no stored request goes
    // unannounced, and no email tells of a request that was not stored. The count of the same text is
    // read in the same transaction, so a burst is counted as it is stored. On SQLite the transaction is
    // shared with the other requests of the moment (group commit), each answered once it is on disk.
    return writeTransaction(this.#db, async (tx) => {
      const verdict =
        judging && judgeSpam(quote, { ...judging, sameTextRecently: textKey === null ? 0 : await countSameText(tx, textKey, createdAt) });
      const row = await insertQuote(tx, verdict);
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
      // Spam tells nobody: no email to the business, none to the address it gave, and no day's
      // confirmation taken from a real customer of that address.
      if (this.#notify && verdict?.spam !== true) await queueNotifications(tx, { id: row.id, email: quote.email }, createdAt);
      // Booked through a reminder's link: tied to the request it repeats, whose reminders stop.
      if (judging?.repeatOf !== undefined && verdict?.spam !== true) await tieRepeatVisit(tx, judging.repeatOf, row.id, createdAt);
      return stored(row, verdict);
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

  async deleteSpamBefore(cutoff: Date): Promise<number> {
    // Only what is still in the Spam folder: a request cleared of it is kept as any other. One
    // statement, its history, notes and photos' rows going with each (ON DELETE CASCADE).
    const deleted = await this.#db
      .deleteFrom('quote_requests')
      .where(sql<boolean>`in_spam`)
      .where('spam_sent_at', '<', cutoff.toISOString())
      .returning('id')
      .execute();
    for (const { id } of deleted) await this.#files?.remove(id).catch(() => undefined);
    return deleted.length;
  }

  /** Removes photo files no request has (left by a crash); answers how many. Nothing to do on PostgreSQL. */
  async #sweepPhotoFiles(): Promise<number> {
    return (await this.#files?.sweep(this.#db)) ?? 0;
  }
}

/** The columns of a request judged spam: its mark, and the flag that keeps it in the Spam folder. */
function spamMarkValues(verdict: SpamVerdict, sentAt: Date): Partial<Insertable<QuoteRequestsTable>> {
  return { spam_score: verdict.score, spam_reasons: JSON.stringify(verdict.reasons), spam_sent_at: sentAt.toISOString(), in_spam: true };
}

/** How many requests stored in the day before `at` have the description key `key`. */
async function countSameText(tx: Kysely<Database>, key: string, at: Date): Promise<number> {
  const { total } = await tx
    .selectFrom('quote_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('spam_text_key', '=', key)
    .where('created_at', '>', new Date(at.getTime() - sameTextWindowMs).toISOString())
    .executeTakeFirstOrThrow();
  return Number(total);
}
