import type { ReportSource, ReportTallies } from '../../domain/ports/report-source';
import { type Kysely, sql } from 'kysely';
import type { CallAttempt, InboxQuote, QuoteNote } from '../../domain/inbox/inbox-quote';
import type { PhotoRef } from '../../domain/photos/photos';
import { type InboxPage, type InboxQuery, type InboxCursor, cursorAfter, orderOf, searchWords } from '../../domain/inbox/inbox-query';
import { takesRequest } from '../../domain/alerts/alert-plan';
import type {
  CallAttemptOutcome,
  CallAttemptToRecord,
  ClearSpamOutcome,
  ClockRecord,
  NoteToAdd,
  QuoteInbox,
  ResendOutcome,
  SpamClearing,
  StatusChangeOutcome,
  StatusMove,
  TakeOutcome,
  TakeRequest,
} from '../../domain/ports/quote-inbox';
import { isWon, type StatusChange, waitingStatus } from '../../domain/inbox/quote-status';
import { winsJob } from '../../domain/inbox/job-outcome';
import { dueAt } from '../../domain/inbox/response-clock';
import { type ViewCounts, viewCountsOf } from '../../domain/inbox/view-counts';
import { alertRecordColumns, alertRecordsByQuote, rowToTaking } from './alert-row';
import { type Database, type SqlDialectName, sqlDialectOf } from './database';
import { type SearchPath, afterInboxCursor, inSpamFolder, inboxOrderBy, matchingInboxQuery } from './inbox-page-query';
import {
  businessEmailColumns,
  inboxQuoteColumns,
  noteColumns,
  parseStatus,
  photoRefColumns,
  rowToBusinessEmail,
  rowToInboxQuote,
  rowToNote,
  rowToPhotoRef,
  rowToStatusChange,
  statusChangeColumns,
} from './inbox-row';
import { queueNotifications, queueReviewAsk } from './new-request-notifications';
import { defaultReviewAskAfterHours } from '../../domain/reviews/review-ask';
import { reportTallies } from './report-tallies';

/**
 * Up to this many matches a search's page is read through the trigram index and sorted; past it, along
 * the time index. About where the two cost the same at 100,000 requests: the first reads the n matches,
 * the second some 50 * 100,000 / n rows to fill a page of 50.
 */
const fewMatches = 2000;

/** Options for {@link SqlQuoteInbox}; tests pass their own ids. No clock: every method is told its time. */
export interface SqlQuoteInboxOptions {
  newId?: () => string;
  /**
   * Queue the notification emails of a request moved out of the Spam folder, as `SqlQuoteRepository`
   * with `notify` does for a new one: give both the same.
   */
  notify?: boolean;
  /** With `notify`: how long after a job is marked done its customer is asked for a review. */
  reviewAskAfterHours?: number;
}

/**
 * The staff inbox over the requests `SqlQuoteRepository` stores, in SQLite or PostgreSQL (migrated with
 * `migrateToLatest`): pages by keyset, so the thousandth page costs what the first does; status changes
 * that lose no race; notes; calls nobody answered; and the business email's state from the outbox.
 */
export class SqlQuoteInbox implements QuoteInbox, ReportSource {
  readonly #db: Kysely<Database>;
  readonly #dialect: SqlDialectName;
  readonly #newId: () => string;
  readonly #notify: boolean;
  readonly #reviewAskAfterHours: number;

  constructor(db: Kysely<Database>, { newId = () => crypto.randomUUID(), notify = false, reviewAskAfterHours = defaultReviewAskAfterHours }: SqlQuoteInboxOptions = {}) {
    this.#db = db;
    this.#dialect = sqlDialectOf(db);
    this.#newId = newId;
    this.#notify = notify;
    this.#reviewAskAfterHours = reviewAskAfterHours;
  }

  async findPage({ query, after, limit, now }: { query: InboxQuery; after: InboxCursor | null; limit: number; now: Date }): Promise<InboxPage> {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, not ${limit}`);
    const order = orderOf(query.view);
    // Later pages of the waiting view keep the time of the first, so the order does not shift under them.
    const asOf = after?.order === 'waiting' ? after.asOf : now;
    const count = async () => {
      const { total } = await this.#db
        .selectFrom('quote_requests')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where(matchingInboxQuery(query, this.#dialect, 'by-index'))
        .executeTakeFirstOrThrow();
      return Number(total);
    };
    const page = (path: SearchPath) => {
      let matches = this.#db
        .selectFrom('quote_requests')
        .select([...inboxQuoteColumns, 'due_at'])
        .where(matchingInboxQuery(query, this.#dialect, path));
      if (after !== null) matches = matches.where(afterInboxCursor(after, this.#dialect));
      // OFFSET 0 keeps PostgreSQL from merging the subquery into the outer one, so it finds the matches
      // first (by the trigram index) and sorts them, instead of walking the time index to fill the page.
      if (path === 'by-index' && this.#dialect === 'postgres') matches = matches.offset(0);
      return (
        this.#db
          .selectFrom(matches.as('quote_requests'))
          .select(inboxQuoteColumns)
          .orderBy(inboxOrderBy(order, asOf, this.#dialect))
          // One more than the page: whether it is there says whether a next page is.
          .limit(limit + 1)
          .execute()
      );
    };
    let rows: Awaited<ReturnType<typeof page>>;
    let total: number;
    if (searchWords(query.search).length > 0) {
      // No database can tell how many rows hold a word before looking (PostgreSQL guesses a thousand),
      // and the cheap way to a page depends on it: a rare word's few matches are best found by the
      // trigram index and sorted, a common word's fill a page within the first rows of the time index.
      // The count, needed anyway, says which.
      total = await count();
      rows = await page(total <= fewMatches ? 'by-index' : 'by-time');
    } else {
      // Two connections at once on PostgreSQL; SQLite runs them one after the other.
      [rows, total] = await Promise.all([page('by-time'), count()]);
    }
    const quotes = await withExtras(this.#db, rows.slice(0, limit));
    const last = quotes.at(-1);
    return { quotes, total, next: rows.length > limit && last !== undefined ? cursorAfter(last, order, asOf) : null };
  }

  async changeStatus({ id, from, to, by, at, respondedAt, wonPence, lostReason }: StatusMove): Promise<StatusChangeOutcome> {
    return this.#db.transaction().execute(async (tx) => {
      // Only if still at `from`: of two staff racing from the same status, PostgreSQL makes the second
      // wait for the first and then finds the row moved on; SQLite runs one writer at a time.
      // A move out of 'new' also takes the request on, unless someone already has: in the same UPDATE,
      // so a take racing it either comes first and stands, or finds it taken.
      const { numUpdatedRows } = await tx
        .updateTable('quote_requests')
        .set((eb) => ({
          status: to,
          // The report's won value: the one given as the job is won, kept while it is done (or marked
          // done too soon and back), and gone on any other move.
          won_pence: winsJob({ from, to }) ? (wonPence ?? null) : isWon(to) ? eb.ref('won_pence') : null,
          ...(respondedAt !== null && { responded_at: respondedAt.toISOString() }),
          ...(takesRequest(to) && {
            taken_by: eb.fn.coalesce('taken_by', eb.val(by)),
            // Read back as a Date on PostgreSQL, but written as ISO text like every time.
            taken_at: eb.fn.coalesce('taken_at', eb.val(at.toISOString())).$castTo<string>(),
          }),
        }))
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      if (numUpdatedRows === 0n) {
        const row = await tx.selectFrom('quote_requests').select('status').where('id', '=', id).executeTakeFirst();
        return row === undefined ? { outcome: 'not-found' } : { outcome: 'conflict', current: parseStatus(id, row.status) };
      }
      await tx
        .insertInto('quote_status_changes')
        .values({ quote_id: id, from_status: from, to_status: to, changed_by: by, changed_at: at.toISOString(), won_pence: wonPence ?? null, lost_reason: lostReason ?? null })
        .execute();
      // A job done asks its customer for a review in a while; one no longer done then is not asked.
      if (this.#notify && to === 'done') await queueReviewAsk(tx, id, at, this.#reviewAskAfterHours);
      return { outcome: 'changed', quote: await requireInboxQuote(tx, id) };
    });
  }

  /**
   * Takes a request on for `by` at `at`: only one in 'new' that nobody has taken. Otherwise who took it
   * and when ('already-taken'), or where it went without anyone taking it ('not-waiting', a request
   * moved on before alerts existed).
   */
  async take({ id, by, at }: TakeRequest): Promise<TakeOutcome> {
    return this.#db.transaction().execute(async (tx) => {
      // Of two staff taking it at once, PostgreSQL makes the second wait for the first and then finds
      // it taken; SQLite runs one writer at a time.
      const { numUpdatedRows } = await tx
        .updateTable('quote_requests')
        .set({ taken_by: by, taken_at: at.toISOString() })
        .where('id', '=', id)
        .where('status', '=', waitingStatus)
        .where('taken_at', 'is', null)
        .executeTakeFirst();
      if (numUpdatedRows === 0n) {
        const row = await tx.selectFrom('quote_requests').select(['status', 'taken_by', 'taken_at']).where('id', '=', id).executeTakeFirst();
        if (row === undefined) return { outcome: 'not-found' };
        const taken = rowToTaking(id, row.taken_by, row.taken_at);
        return taken === null ? { outcome: 'not-waiting', current: parseStatus(id, row.status) } : { outcome: 'already-taken', taken };
      }
      return { outcome: 'taken', quote: await requireInboxQuote(tx, id) };
    });
  }

  async addNote({ quoteId, text, by, at }: NoteToAdd): Promise<QuoteNote | undefined> {
    const note: QuoteNote = { id: this.#newId(), text, by, at };
    return this.#db.transaction().execute(async (tx) => {
      if (!(await this.#lockRequest(tx, quoteId))) return undefined;
      await tx
        .insertInto('quote_notes')
        .values({ id: note.id, quote_id: quoteId, text, written_by: by, written_at: at.toISOString() })
        .execute();
      return note;
    });
  }

  /**
   * A call nobody picked up, only on a request in the Waiting view: its row, and the request's due_at
   * moved to the next try (the domain's dueAt), in one transaction. Its status and responded_at stay:
   * it still waits, and its first response is worked out from the calls as it is read.
   */
  async recordCallAttempt({ id, by, at }: CallAttemptToRecord): Promise<CallAttemptOutcome> {
    return this.#db.transaction().execute(async (tx) => {
      // On PostgreSQL the row is locked: a status change at the same moment waits for the call, or the
      // call for it and then finds the request moved on. SQLite runs one writer at a time.
      const row = await tx
        .selectFrom('quote_requests')
        .select(['status', 'in_spam'])
        .where('id', '=', id)
        .$if(this.#dialect === 'postgres', (select) => select.forUpdate())
        .executeTakeFirst();
      if (row === undefined) return { outcome: 'not-found' };
      if (row.status !== waitingStatus || row.in_spam === true || row.in_spam === 1) return { outcome: 'not-waiting' };
      await tx.insertInto('quote_call_attempts').values({ quote_id: id, attempted_by: by, attempted_at: at.toISOString() }).execute();
      const quote = await requireInboxQuote(tx, id);
      // From the calls as stored, so a call recorded late behind another still leaves the later one's
      // time, and the first one's for the report.
      await tx
        .updateTable('quote_requests')
        .set({ due_at: dueAt(quote).toISOString(), first_called_at: quote.callAttempts?.[0]?.at.toISOString() ?? null })
        .where('id', '=', id)
        .execute();
      return { outcome: 'recorded', quote };
    });
  }

  /**
   * "Not spam": only while the request is in the Spam folder. It then arrives now: its created_at and
   * due time become `at` (its sent_at keeps when it was sent), and its emails are queued as a new
   * request's, all in one transaction. The alert planner finds it by its new created_at.
   */
  async clearSpam({ id, by, at }: SpamClearing): Promise<ClearSpamOutcome> {
    return this.#db.transaction().execute(async (tx) => {
      // Of two staff clearing it at once, PostgreSQL makes the second wait on the row and then finds it
      // cleared; SQLite runs one writer at a time.
      const row = await tx
        .selectFrom('quote_requests')
        .select(['in_spam', 'urgent', 'email'])
        .where('id', '=', id)
        .$if(this.#dialect === 'postgres', (select) => select.forUpdate())
        .executeTakeFirst();
      if (row === undefined) return { outcome: 'not-found' };
      if (row.in_spam !== true && row.in_spam !== 1) return { outcome: 'not-spam' };
      const urgent = row.urgent === true || row.urgent === 1;
      await tx
        .updateTable('quote_requests')
        .set({
          in_spam: false,
          spam_cleared_by: by,
          spam_cleared_at: at.toISOString(),
          created_at: at.toISOString(),
          due_at: dueAt({ createdAt: at, urgent }).toISOString(),
        })
        .where('id', '=', id)
        .execute();
      if (this.#notify) await queueNotifications(tx, { id, email: row.email }, at);
      return { outcome: 'cleared', quote: await requireInboxQuote(tx, id) };
    });
  }

  async clockRecords(since: Date): Promise<readonly ClockRecord[]> {
    const outOfSpam = inSpamFolder(false);
    const rows = await this.#db
      .selectFrom('quote_requests')
      .select(['created_at', 'urgent', 'responded_at'])
      // The first and last call nobody picked up: all the clock reads of them.
      .select((eb) => {
        const callAt = (of: 'min' | 'max') =>
          eb
            .selectFrom('quote_call_attempts')
            .select((calls) => calls.fn[of]('attempted_at').as('at'))
            .whereRef('quote_call_attempts.quote_id', '=', 'quote_requests.id');
        return [callAt('min').as('first_call_at'), callAt('max').as('last_call_at')];
      })
      // Two index ranges: the recent requests by time, and the waiting ones by the partial index. Each
      // arm leaves out the Spam folder itself, so the waiting one matches that index's predicate.
      .where((eb) =>
        eb.or([eb.and([eb('created_at', '>=', since.toISOString()), outOfSpam]), eb.and([eb('status', '=', sql.lit(waitingStatus)), outOfSpam])]),
      )
      .execute();
    return rows.map((row) => {
      const calls = [row.first_call_at, row.last_call_at].flatMap((at) => (at === null ? [] : [new Date(at)]));
      return {
        createdAt: new Date(row.created_at),
        urgent: row.urgent === true || row.urgent === 1,
        respondedAt: row.responded_at === null ? null : new Date(row.responded_at),
        // No calls, no callAttempts at all (as the store in memory answers); one call is both the first and the last.
        ...(calls.length > 0 && { callAttempts: calls.filter((at, index) => index === 0 || at.getTime() !== calls[0]?.getTime()).map((at) => ({ at })) }),
      };
    });
  }

  reportTallies(from: Date, to: Date, now: Date): Promise<ReportTallies> {
    return reportTallies(this.#db, this.#dialect, from, to, now);
  }

  /**
   * One statement of two grouped counts: every request by status, from the status index alone, and
   * those in the Spam folder by status, from its partial index. Grouping by status and in_spam at once
   * reads every row instead, some ten times slower on SQLite at 100,000 requests.
   */
  async viewCounts(): Promise<ViewCounts> {
    const byStatus = (spamOnly: boolean) =>
      this.#db
        .selectFrom('quote_requests')
        .select((eb) => ['status', sql<number>`${sql.lit(spamOnly ? 1 : 0)}`.as('spam_only'), eb.fn.countAll<number | string>().as('count')])
        .$if(spamOnly, (select) => select.where(inSpamFolder(true)))
        .groupBy('status');
    const rows = await byStatus(false).unionAll(byStatus(true)).execute();
    // PostgreSQL's count is a bigint, which pg reads as text.
    const held = new Map(rows.filter((row) => row.spam_only === 1).map((row) => [row.status, Number(row.count)]));
    return viewCountsOf(
      rows
        .filter((row) => row.spam_only === 0)
        .flatMap((row) => {
          const status = parseStatus('counted by status', row.status);
          const spam = held.get(row.status) ?? 0;
          return [
            { status, inSpamFolder: false, count: Number(row.count) - spam },
            { status, inSpamFolder: true, count: spam },
          ];
        }),
    );
  }

  async resendBusinessEmail(id: string, at: Date): Promise<ResendOutcome> {
    return this.#db.transaction().execute(async (tx) => {
      if (!(await this.#lockRequest(tx, id))) return 'not-found';
      // Due at `at`; its attempts and last error stay, so the flag shows until it is sent.
      const queue = async () => {
        const { numUpdatedRows } = await tx
          .updateTable('notifications')
          .set({ next_attempt_at: at.toISOString() })
          .where('quote_id', '=', id)
          .where('kind', '=', 'business')
          .where('sent_at', 'is', null)
          .executeTakeFirst();
        return numUpdatedRows > 0n;
      };
      if (await queue()) return 'queued';
      // None unsent: either it went, or the request was stored without one (notify off, or before the outbox).
      const { numInsertedOrUpdatedRows = 0n } = await tx
        .insertInto('notifications')
        .values({ id: this.#newId(), quote_id: id, kind: 'business', created_at: at.toISOString(), next_attempt_at: at.toISOString() })
        .onConflict((conflict) => conflict.columns(['quote_id', 'kind']).doNothing())
        .executeTakeFirst();
      if (numInsertedOrUpdatedRows > 0n) return 'queued';
      // Another resend inserted one since our update looked: it waits to be sent, so this one is queued too.
      return (await queue()) ? 'queued' : 'already-sent';
    });
  }

  /** Whether the request exists; on PostgreSQL it then cannot be deleted until the transaction ends. */
  async #lockRequest(tx: Kysely<Database>, id: string): Promise<boolean> {
    const row = await tx
      .selectFrom('quote_requests')
      .select('id')
      .where('id', '=', id)
      .$if(this.#dialect === 'postgres', (select) => select.forKeyShare())
      .executeTakeFirst();
    return row !== undefined;
  }
}

type InboxQuoteRow = Parameters<typeof rowToInboxQuote>[0];

/** One request as the inbox shows it, read inside the transaction that just changed it. */
export async function requireInboxQuote(tx: Kysely<Database>, id: string): Promise<InboxQuote> {
  const row = await tx.selectFrom('quote_requests').select(inboxQuoteColumns).where('id', '=', id).executeTakeFirstOrThrow();
  const [quote] = await withExtras(tx, [row]);
  if (quote === undefined) throw new Error(`Quote request ${id} vanished inside its own transaction`);
  return quote;
}

/** The requests of `rows`, in their order, each with its history, notes, business email, alerts, photos and calls nobody answered: six queries. */
export async function withExtras(db: Kysely<Database>, rows: readonly InboxQuoteRow[]): Promise<InboxQuote[]> {
  if (rows.length === 0) return [];
  const ids = rows.map(({ id }) => id);
  const [changes, notes, emails, alerts, photos, calls] = await Promise.all([
    db.selectFrom('quote_status_changes').select(statusChangeColumns).where('quote_id', 'in', ids).orderBy('changed_at').orderBy('id').execute(),
    db
      .selectFrom('quote_notes')
      .select(noteColumns)
      .where('quote_id', 'in', ids)
      .orderBy('written_at', 'desc')
      .orderBy('seq', 'desc')
      .execute(),
    db.selectFrom('notifications').select(businessEmailColumns).where('kind', '=', 'business').where('quote_id', 'in', ids).execute(),
    db.selectFrom('alert_records').select(alertRecordColumns).where('quote_id', 'in', ids).execute(),
    db.selectFrom('quote_photos').select(photoRefColumns).where('quote_id', 'in', ids).orderBy('quote_id').orderBy('position').execute(),
    db
      .selectFrom('quote_call_attempts')
      .select(['quote_id', 'attempted_by', 'attempted_at'])
      .where('quote_id', 'in', ids)
      .orderBy('attempted_at')
      .orderBy('seq')
      .execute(),
  ]);
  const extras = new Map<string, { history: StatusChange[]; notes: QuoteNote[] }>(ids.map((id) => [id, { history: [], notes: [] }]));
  for (const change of changes) extras.get(change.quote_id)?.history.push(rowToStatusChange(change));
  for (const note of notes) extras.get(note.quote_id)?.notes.push(rowToNote(note));
  const emailByQuote = new Map(emails.map((email) => [email.quote_id, rowToBusinessEmail(email)]));
  const alertsByQuote = alertRecordsByQuote(alerts);
  const photosByQuote = new Map<string, PhotoRef[]>();
  for (const photo of photos) photosByQuote.set(photo.quote_id, [...(photosByQuote.get(photo.quote_id) ?? []), rowToPhotoRef(photo)]);
  const callsByQuote = new Map<string, CallAttempt[]>();
  for (const call of calls) callsByQuote.set(call.quote_id, [...(callsByQuote.get(call.quote_id) ?? []), { by: call.attempted_by, at: new Date(call.attempted_at) }]);
  return rows.map((row) => ({
    ...rowToInboxQuote(row, {
      history: extras.get(row.id)?.history ?? [],
      notes: extras.get(row.id)?.notes ?? [],
      businessEmail: emailByQuote.get(row.id),
      alerts: alertsByQuote.get(row.id) ?? [],
      photos: photosByQuote.get(row.id) ?? [],
    }),
    callAttempts: callsByQuote.get(row.id) ?? [],
  }));
}
