import { type Kysely, sql } from 'kysely';
import {
  businessInbox,
  type CustomerData,
  type CustomerSubject,
  type ErasedCustomerData,
  matchesSubject,
  nothingErased,
  type SentEmail,
  subjectSearchWords,
} from '../../domain/customer-data/customer-data';
import type { CustomerDataStore } from '../../domain/ports/customer-data-store';
import { forgetConfirmations } from './customer-confirmations';
import { optOutOf } from './sql-email-opt-outs';
import { type Database, notificationKinds, type SqlDialectName, sqlDialectOf } from './database';
import { matchingSearch } from './inbox-page-query';
import { PhotoFiles } from './photo-files';
import { inboxQuoteColumns } from './inbox-row';
import { withExtras } from './sql-quote-inbox';

/**
 * A customer's data in SQLite or PostgreSQL, behind our server: found through the inbox's search text
 * (and its trigram index), each candidate then judged by the domain's matchesSubject; erased in one
 * transaction, every table that refers to a request going with it (ON DELETE CASCADE), and the record
 * of when a confirmation last went to their addresses with them. That record is not listed: it holds
 * a hash of the address and a time, for a day at most, and the email records listed already say when
 * each confirmation went.
 */
export class SqlCustomerData implements CustomerDataStore {
  readonly #db: Kysely<Database>;
  readonly #dialect: SqlDialectName;
  readonly #files: PhotoFiles | undefined;

  /** `photoDir`: on SQLite, where `SqlQuoteRepository` keeps the photos' files, so erasing removes them too. */
  constructor(db: Kysely<Database>, { photoDir }: { photoDir?: string } = {}) {
    this.#db = db;
    this.#dialect = sqlDialectOf(db);
    this.#files = this.#dialect === 'sqlite' && photoDir !== undefined ? new PhotoFiles(photoDir) : undefined;
  }

  async findCustomerData(subject: CustomerSubject): Promise<CustomerData> {
    // One transaction, so the requests and their emails are read as of one moment.
    return this.#db.transaction().execute(async (tx) => {
      const rows = (await this.#candidates(tx, subject).select(inboxQuoteColumns).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).filter((row) =>
        matchesSubject(row, subject),
      );
      const requests = await withExtras(tx, rows);
      if (requests.length === 0) return { requests: [], emails: [] };
      const emailOf = new Map(requests.map((quote) => [quote.id, quote.email]));
      const notifications = await tx
        .selectFrom('notifications')
        .select(['quote_id', 'kind', 'sent_at', 'attempts', 'last_error'])
        .where('quote_id', 'in', [...emailOf.keys()])
        .orderBy('created_at')
        .orderBy('kind')
        .execute();
      const emails = notifications.map((row): SentEmail => {
        const kind = notificationKinds.find((known) => known === row.kind) ?? 'business';
        return {
          quoteId: row.quote_id,
          kind,
          to: kind === 'business' ? businessInbox : (emailOf.get(row.quote_id) ?? ''),
          sentAt: row.sent_at === null ? null : new Date(row.sent_at),
          attempts: row.attempts,
          lastError: row.last_error,
        };
      });
      return { requests, emails };
    });
  }

  async eraseCustomerData(subject: CustomerSubject): Promise<ErasedCustomerData> {
    const erasedIds: string[] = [];
    const erased = await this.#db.transaction().execute(async (tx) => {
      // On PostgreSQL the rows are locked until the end: a note added meanwhile waits, then finds no request.
      const candidates = await this.#candidates(tx, subject)
        .select(['id', 'email', 'phone'])
        .$if(this.#dialect === 'postgres', (select) => select.forUpdate())
        .execute();
      const matching = candidates.filter((row) => matchesSubject(row, subject));
      // When confirmations last went to their addresses, whether or not a request of theirs is still held.
      const addresses = [subject.email, ...matching.map(({ email }) => email)].filter((email) => email !== null);
      await forgetConfirmations(tx, addresses);
      // An address erased is never asked for a review again, even by a request sent after.
      // and never reminded of a yearly service again.
      for (const table of ['review_opt_outs', 'reminder_opt_outs'] as const) await optOutOf(tx, table, addresses, 'erased', new Date());
      const ids = matching.map(({ id }) => id);
      if (ids.length === 0) return { ...nothingErased };
      const count = async (table: 'quote_activity' | 'notifications' | 'alert_records' | 'alert_deliveries') => {
        const { total } = await tx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .where('quote_id', 'in', ids)
          .executeTakeFirstOrThrow();
        return Number(total);
      };
      const erased: ErasedCustomerData = {
        requests: ids.length,
        steps: await count('quote_activity'),
        emails: await count('notifications'),
        alerts: (await count('alert_records')) + (await count('alert_deliveries')),
      };
      // The log, notifications, alert records, deliveries and photos go with each request (ON DELETE
      // CASCADE), and SQLite's search table with them (its trigger).
      const { numDeletedRows } = await tx.deleteFrom('quote_requests').where('id', 'in', ids).executeTakeFirst();
      if (Number(numDeletedRows) !== ids.length) throw new Error('A request being erased changed under the erasure');
      erasedIds.push(...ids);
      return erased;
    });
    // Their photos' rows went with them; on SQLite the files go once the rows are gone (a failure here
    // leaves files no row names, which the retention purge's sweep removes).
    for (const id of erasedIds) await this.#files?.remove(id).catch(() => undefined);
    return erased;
  }

  /** The requests holding any of the subject's search words, those in the Spam folder too: a superset of theirs. */
  #candidates(db: Kysely<Database>, subject: CustomerSubject) {
    const words = subjectSearchWords(subject);
    return db
      .selectFrom('quote_requests')
      .where((eb) =>
        words.length === 0
          ? sql<boolean>`1 = 0`
          : eb.or(words.map((word) => matchingSearch(word, this.#dialect, 'by-index'))),
      );
  }
}
