import type { ReportSource, ReportTallies } from '../../domain/ports/report-source';
import { type Kysely, sql, type UpdateObject } from 'kysely';
import type { Activity, ActivityStep } from '../../domain/activity/activity';
import { pricedQuoteKinds, pricedQuotesOf } from '../../domain/priced-quote/priced-quote';
import { londonDay } from '../../domain/london-time';
import { defaultQuoteFollowUpDays } from '../../domain/priced-quote/quote-emails';
import { type GuardedState, refusalOf, stepsRecorded } from '../../domain/activity/activity-guard';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { PhotoRef } from '../../domain/photos/photos';
import { type InboxPage, type InboxQuery, type InboxCursor, cursorAfter, orderOf, searchWords } from '../../domain/inbox/inbox-query';
import { takesRequest } from '../../domain/alerts/alert-plan';
import type { ClockRecord, QuoteInbox, RecordOutcome, ResendOutcome, StepToRecord } from '../../domain/ports/quote-inbox';
import { isWon, waitingStatus } from '../../domain/inbox/quote-status';
import { winsJob } from '../../domain/inbox/job-outcome';
import { dueAt } from '../../domain/inbox/response-clock';
import { type ViewCounts, viewCountsOf } from '../../domain/inbox/view-counts';
import { alertRecordColumns, alertRecordsByQuote, rowToTaking } from './alert-row';
import { type Database, type SqlDialectName, sqlDialectOf } from './database';
import { type SearchPath, afterInboxCursor, inSpamFolder, inboxOrderBy, matchingInboxQuery } from './inbox-page-query';
import { businessEmailColumns, inboxQuoteColumns, parseStatus, photoRefColumns, rowToBusinessEmail, rowToInboxQuote, rowToPhotoRef } from './inbox-row';
import { activityColumns, appendActivity, rowToActivity } from './activity-row';
import { queueNotifications, queueQuoteConfirmation, queueQuoteEmails, queueReviewAsk, queueServiceReminder } from './new-request-notifications';
import { defaultReminderLeadDays, firstReminderAt, serviceReminderOf } from '../../domain/reminders/service-reminder';
import { addressHash } from './customer-confirmations';
import { nextCycleStep } from '../../domain/reminders/repeat-visit';
import { systemAuthor } from '../../domain/activity/actor';
import type { ServiceDueList } from '../../domain/ports/service-due-list';
import { defaultReviewAskAfterHours } from '../../domain/reviews/review-ask';
import { reportTallies } from './report-tallies';
import { recentCalls } from './recent-calls';

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
  /** With `notify`: how many days before a yearly visit falls due its first reminder goes. */
  reminderLeadDays?: number;
  /** Days after a quote is sent that its one follow-up goes; 0 sends none. */
  quoteFollowUpDays?: number;
}

/**
 * The staff inbox over the requests `SqlQuoteRepository` stores, in SQLite or PostgreSQL (migrated with
 * `migrateToLatest`): pages by keyset, so the thousandth page costs what the first does; status changes
 * that lose no race, each one step of its log; and the business email's state from the outbox.
 */
export class SqlQuoteInbox implements QuoteInbox, ReportSource, ServiceDueList {
  readonly #db: Kysely<Database>;
  readonly #dialect: SqlDialectName;
  readonly #newId: () => string;
  readonly #notify: boolean;
  readonly #reviewAskAfterHours: number;
  readonly #reminderLeadDays: number;
  readonly #quoteFollowUpDays: number;

  constructor(
    db: Kysely<Database>,
    { newId = () => crypto.randomUUID(), notify = false, reviewAskAfterHours = defaultReviewAskAfterHours, reminderLeadDays = defaultReminderLeadDays, quoteFollowUpDays = defaultQuoteFollowUpDays }: SqlQuoteInboxOptions = {},
  ) {
    this.#db = db;
    this.#dialect = sqlDialectOf(db);
    this.#newId = newId;
    this.#notify = notify;
    this.#reviewAskAfterHours = reviewAskAfterHours;
    this.#reminderLeadDays = reminderLeadDays;
    this.#quoteFollowUpDays = quoteFollowUpDays;
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

  /**
   * Records a staff member's step, in one transaction: the request is locked (PostgreSQL makes a
   * second writer wait, then read where the first left it; SQLite runs one writer at a time), judged
   * by the domain's guard, and its log and the columns kept beside it written together.
   */
  async record({ id, step, by, at }: StepToRecord): Promise<RecordOutcome> {
    return this.#db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('quote_requests')
        .select(['status', 'in_spam', 'taken_by', 'taken_at', 'urgent', 'email', 'service_due_on'])
        .where('id', '=', id)
        .$if(this.#dialect === 'postgres', (select) => select.forUpdate())
        .executeTakeFirst();
      if (row === undefined) return { outcome: 'not-found' };
      // Its quote's steps, read under the same lock: the quote itself is kept only in the log.
      const quoteSteps = await tx.selectFrom('quote_activity').select(activityColumns).where('quote_id', '=', id).where('kind', 'in', pricedQuoteKinds).orderBy('at').orderBy('seq').execute();
      const state = {
        status: parseStatus(id, row.status),
        inSpam: row.in_spam === true || row.in_spam === 1,
        taken: rowToTaking(id, row.taken_by, row.taken_at),
        reminderStands: row.service_due_on !== null,
        quotes: pricedQuotesOf(quoteSteps.map(rowToActivity)),
        today: londonDay(at),
        at,
        recentCalls: step.kind === 'call-attempted' ? await recentCalls(tx, { id, by, at }) : { request: [], staff: [] },
      };
      const refusal = refusalOf(step, state);
      if (refusal !== null) return { outcome: 'refused', refusal };
      const recorded = stepsRecorded(step, state);
      const entries = await appendActivity(tx, id, recorded, { by, at, newId: this.#newId });
      const entry = entries.at(-1);
      if (entry === undefined) throw new Error('A step records at least itself');
      // What each step written moves: a quote's answer moves the request's status as a move would.
      for (const written of recorded) {
        if (written.kind === 'taken' && recorded.length > 1) continue;
        await this.#writeColumns(tx, { id, step: written, by, at, urgent: row.urgent === true || row.urgent === 1, email: row.email, state });
      }
      return { outcome: 'recorded', quote: await requireInboxQuote(tx, id), entry };
    });
  }

  /** The columns kept beside the log for indexes, the inbox's order and the report, as a step moves them. */
  async #writeColumns(
    tx: Kysely<Database>,
    { id, step, by, at, urgent, email, state }: { id: string; step: ActivityStep; by: string; at: Date; urgent: boolean; email: string | null; state: GuardedState },
  ): Promise<void> {
    const update = (set: UpdateObject<Database, 'quote_requests'>) => tx.updateTable('quote_requests').set(set).where('id', '=', id).execute();
    const taking = state.taken === null ? { taken_by: by, taken_at: at.toISOString() } : {};
    switch (step.kind) {
      case 'status-moved':
        await tx
          .updateTable('quote_requests')
          .set((eb) => ({
            status: step.to,
            // The report's won value: the one given as the job is won, kept while it is done (or marked
            // done too soon and back), and gone on any other move.
            won_pence: winsJob(step) ? (step.wonPence ?? null) : isWon(step.to) ? eb.ref('won_pence') : null,
            ...(step.from === waitingStatus && { responded_at: at.toISOString() }),
            ...(takesRequest(step.to) && taking),
          }))
          .where('id', '=', id)
          .execute();
        if (step.to !== 'done') return;
        // A job done asks its customer for a review in a while; one no longer done then is not asked.
        if (this.#notify) await queueReviewAsk(tx, id, at, this.#reviewAskAfterHours);
        {
          // A visit booked through last year's reminder is reminded again, as its customer agreed.
          const next = nextCycleStep((await requireInboxQuote(tx, id)).activity, at);
          if (next === null) return;
          await appendActivity(tx, id, [next], { by: systemAuthor, at, newId: this.#newId });
          await this.#standReminder(tx, id, email);
        }
        return;
      case 'taken':
        await update(taking);
        return;
      case 'call-attempted': {
        // From the calls as stored, so a call recorded late behind another still leaves the later one's
        // time, and the first one's for the report.
        const { callAttempts, createdAt } = await requireInboxQuote(tx, id);
        await update({ due_at: dueAt({ createdAt, urgent, callAttempts }).toISOString(), first_called_at: callAttempts[0]?.at.toISOString() ?? null });
        return;
      }
      case 'spam-cleared':
        // It arrives now: its created_at and due time become `at` (its sent_at keeps when it was sent),
        // and its emails are queued as a new request's. The alert planner finds it by its new created_at.
        await update({ in_spam: false, spam_cleared_by: by, spam_cleared_at: at.toISOString(), created_at: at.toISOString(), due_at: dueAt({ createdAt: at, urgent }).toISOString() });
        if (this.#notify) await queueNotifications(tx, { id, email }, at);
        return;
      case 'reminder-set':
        await this.#standReminder(tx, id, email);
        return;
      case 'reminder-stopped':
        await update({ service_due_on: null });
        return;
      case 'quote-sent':
        // The report's value quoted: the total of the version now sent, which the guard found a draft.
        await update({ quoted_pence: state.quotes.find((quote) => quote.version === step.version)?.price.totalPence ?? null });
        if (this.#notify) await queueQuoteEmails(tx, id, at, this.#quoteFollowUpDays);
        return;
      case 'quote-accepted':
        await update({ quote_accepted_at: at.toISOString() });
        if (this.#notify) await queueQuoteConfirmation(tx, id, at);
        return;
      default:
        return;
    }
  }

  /** A reminder just set: its due day kept beside the log, and its first email queued. */
  async #standReminder(tx: Kysely<Database>, id: string, email: string | null): Promise<void> {
    // The due day from the log as it now stands (a check booked through last year's reminder may keep its deadline).
    const reminder = serviceReminderOf((await requireInboxQuote(tx, id)).activity);
    if (reminder === null) throw new Error('A reminder set is on its log');
    await tx.updateTable('quote_requests').set({ service_due_on: reminder.due }).where('id', '=', id).execute();
    // A new agreement to be reminded outweighs an earlier stop.
    if (email !== null) await tx.deleteFrom('reminder_opt_outs').where('address_hash', '=', addressHash(email)).execute();
    if (this.#notify) await queueServiceReminder(tx, id, firstReminderAt(reminder, this.#reminderLeadDays));
  }

  async findDueForService(until: string, limit: number): Promise<InboxQuote[]> {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, not ${limit}`);
    const rows = await this.#db
      .selectFrom('quote_requests')
      .select(inboxQuoteColumns)
      .where('service_due_on', 'is not', null)
      .where('service_due_on', '<=', until)
      .orderBy('service_due_on')
      .orderBy('id')
      .limit(limit)
      .execute();
    return withExtras(this.#db, rows);
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
            .selectFrom('quote_activity')
            .select((calls) => calls.fn[of]('at').as('at'))
            .whereRef('quote_activity.quote_id', '=', 'quote_requests.id')
            .where('quote_activity.kind', '=', sql.lit('call-attempted'));
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

/** The requests of `rows`, in their order, each with its log, business email, alerts and photos: four queries. */
export async function withExtras(db: Kysely<Database>, rows: readonly InboxQuoteRow[]): Promise<InboxQuote[]> {
  if (rows.length === 0) return [];
  const ids = rows.map(({ id }) => id);
  const [steps, emails, alerts, photos] = await Promise.all([
    db.selectFrom('quote_activity').select(activityColumns).where('quote_id', 'in', ids).orderBy('quote_id').orderBy('at').orderBy('seq').execute(),
    db.selectFrom('notifications').select(businessEmailColumns).where('kind', '=', 'business').where('quote_id', 'in', ids).execute(),
    db.selectFrom('alert_records').select(alertRecordColumns).where('quote_id', 'in', ids).execute(),
    db.selectFrom('quote_photos').select(photoRefColumns).where('quote_id', 'in', ids).orderBy('quote_id').orderBy('position').execute(),
  ]);
  const logs = new Map<string, Activity[]>(ids.map((id) => [id, []]));
  for (const step of steps) logs.get(step.quote_id)?.push(rowToActivity(step));
  const emailByQuote = new Map(emails.map((email) => [email.quote_id, rowToBusinessEmail(email)]));
  const alertsByQuote = alertRecordsByQuote(alerts);
  const photosByQuote = new Map<string, PhotoRef[]>();
  for (const photo of photos) photosByQuote.set(photo.quote_id, [...(photosByQuote.get(photo.quote_id) ?? []), rowToPhotoRef(photo)]);
  return rows.map((row) =>
    rowToInboxQuote(row, {
      activity: logs.get(row.id) ?? [],
      businessEmail: emailByQuote.get(row.id),
      alerts: alertsByQuote.get(row.id) ?? [],
      photos: photosByQuote.get(row.id) ?? [],
    }),
  );
}
