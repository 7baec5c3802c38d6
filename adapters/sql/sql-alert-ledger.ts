import { type Kysely, type Selectable, sql } from 'kysely';
import type { AlertRecord } from '../../domain/alerts/alert-plan';
import type { AlertCandidate, AlertLedger } from '../../domain/ports/alert-stores';
import { waitingStatus } from '../../domain/inbox/quote-status';
import { alertRecordColumns, alertRecordsByQuote, rowToTaking } from './alert-row';
import { type AlertChannel, type Database, type QuoteRequestsTable, sqlDialectOf } from './database';
import { inSpamFolder } from './inbox-page-query';
import { parseStatus } from './inbox-row';
import { compareText, compareTimes } from './outbox-lease';
import { quoteColumns, rowToQuote } from './quote-row';
import { writeTransaction } from './group-commit';

/** What a waiting request's row gives planning: the request, its status and who took it. */
const awaitingColumns = [...quoteColumns, 'status', 'taken_by', 'taken_at'] as const;
type QuoteAwaitingRow = Pick<Selectable<QuoteRequestsTable>, (typeof awaitingColumns)[number]>;

const candidateOf = (row: QuoteAwaitingRow, sentByQuote: ReturnType<typeof alertRecordsByQuote>): AlertCandidate => ({
  quote: rowToQuote(row),
  status: parseStatus(row.id, row.status),
  taken: rowToTaking(row.id, row.taken_by, row.taken_at),
  sent: sentByQuote.get(row.id) ?? [],
});

/** Options for {@link SqlAlertLedger}; tests pass their own ids. No clock: every method is told its time. */
export interface SqlAlertLedgerOptions {
  newId?: () => string;
}

/**
 * Which alert steps each request has had, in SQLite or PostgreSQL (migrated with `migrateToLatest`).
 * A step is a row keyed by the request and the step, written in one transaction with its deliveries
 * (read by `SqlAlertOutbox`): of several servers planning the same step at once, one writes it and the
 * others find it written and queue nothing.
 */
export class SqlAlertLedger implements AlertLedger {
  readonly #db: Kysely<Database>;
  readonly #newId: () => string;
  readonly #postgres: boolean;

  constructor(db: Kysely<Database>, { newId = () => crypto.randomUUID() }: SqlAlertLedgerOptions = {}) {
    this.#db = db;
    this.#newId = newId;
    this.#postgres = sqlDialectOf(db) === 'postgres';
  }

  /** Requests that arrived at or after `since` and still wait for someone: all, or those `only` names. */
  #awaiting(since: Date, only?: readonly string[]) {
    return this.#db
      .selectFrom('quote_requests')
      .where('created_at', '>=', since.toISOString())
      .where('taken_at', 'is', null)
      .where(inSpamFolder(false))
      .$call((select) =>
        only === undefined
          ? // The status as a literal, so PostgreSQL matches the partial index quote_requests_awaiting.
            select.where('status', '=', sql.lit(waitingStatus))
          : // A few named requests are found by their ids. The status, compared as an expression, is
            // no index the planner could take instead and walk through every waiting request with.
            select.where('id', 'in', only).where(sql<string>`${sql.ref('status')} || ''`, '=', waitingStatus),
      );
  }

  /**
   * The requests that arrived at or after `since`, still 'new', not taken and not in the Spam folder,
   * oldest first, each with its steps so far; of those `only` names, when given. One moved out of the
   * folder arrived when it was.
   */
  async awaitingSomeone(since: Date, only?: readonly string[]): Promise<AlertCandidate[]> {
    if (only?.length === 0) return [];
    const awaiting = this.#awaiting(since, only);
    const [requests, records] = await Promise.all([
      awaiting.select(awaitingColumns).execute(),
      this.#db.selectFrom('alert_records').select(alertRecordColumns).where('quote_id', 'in', awaiting.select('id')).execute(),
    ]);
    const sentByQuote = alertRecordsByQuote(records);
    return requests.sort((a, b) => compareTimes(a.created_at, b.created_at) || compareText(a.id, b.id)).map((row) => candidateOf(row, sentByQuote));
  }

  async awaitingSomeoneAfter(since: Date, after: { createdAt: Date; id: string } | undefined, limit: number): Promise<AlertCandidate[]> {
    let page = this.#awaiting(since);
    if (after !== undefined) {
      const at = after.createdAt.toISOString();
      page = page.where((eb) => eb.or([eb('created_at', '>', at), eb.and([eb('created_at', '=', at), eb('id', '>', after.id)])]));
    }
    const requests = await page.select(awaitingColumns).orderBy('created_at').orderBy('id').limit(limit).execute();
    if (requests.length === 0) return [];
    const records = await this.#db
      .selectFrom('alert_records')
      .select(alertRecordColumns)
      .where('quote_id', 'in', requests.map(({ id }) => id))
      .execute();
    const sentByQuote = alertRecordsByQuote(records);
    return requests.map((row) => candidateOf(row, sentByQuote));
  }

  /**
   * Records the step and, in the same transaction, queues a push for each device of each recipient and
   * one webhook delivery when `webhook`, all due at `record.at`. False, with nothing written, when the
   * step was recorded already, or when the request is gone, has been taken, has left 'new' meanwhile or
   * is in the Spam folder: a request that has been taken never alerts again.
   */
  async recordAlert(quoteId: string, record: AlertRecord, { webhook }: { webhook: boolean }): Promise<boolean> {
    return writeTransaction(this.#db, async (tx) => {
      // On PostgreSQL the share lock makes a concurrent take or status change wait until this commits,
      // so the request cannot be taken between this look and the step's rows.
      const request = await tx
        .selectFrom('quote_requests')
        .select(['status', 'taken_at', 'in_spam'])
        .where('id', '=', quoteId)
        .$if(this.#postgres, (select) => select.forShare())
        .executeTakeFirst();
      if (request?.status !== waitingStatus || request.taken_at !== null) return false;
      // Spam alerts nobody, until staff say it is not.
      if (request.in_spam === true || request.in_spam === 1) return false;

      const at = record.at.toISOString();
      // Of two servers recording the same step, PostgreSQL makes the second wait on the key until the
      // first commits, then does nothing; SQLite runs one writer at a time.
      const { numInsertedOrUpdatedRows = 0n } = await tx
        .insertInto('alert_records')
        .values({ quote_id: quoteId, step: record.step, at, recipients: JSON.stringify(record.recipients), everyone: record.everyone })
        .onConflict((conflict) => conflict.columns(['quote_id', 'step']).doNothing())
        .executeTakeFirst();
      if (numInsertedOrUpdatedRows === 0n) return false;

      const recipients = [...new Set(record.recipients)];
      const devices =
        recipients.length === 0
          ? []
          : await tx
              .selectFrom('push_devices')
              .select('id')
              .where('staff_email', 'in', recipients)
              .orderBy('created_at')
              .orderBy('id')
              // Removing one of these devices waits until its deliveries are written (and then removes them).
              .$if(this.#postgres, (select) => select.forKeyShare())
              .execute();
      const delivery = (channel: AlertChannel, deviceId: string | null) => ({
        id: this.#newId(),
        quote_id: quoteId,
        step: record.step,
        channel,
        device_id: deviceId,
        created_at: at,
        next_attempt_at: at,
      });
      const deliveries = [...devices.map(({ id }) => delivery('push', id)), ...(webhook ? [delivery('webhook', null)] : [])];
      if (deliveries.length > 0) await tx.insertInto('alert_deliveries').values(deliveries).execute();
      return true;
    });
  }

  /**
   * Spends the "I'm on it" token of a push delivery about `quoteId`: the email of the staff member whose
   * device it went to, the first time; undefined after, for another request's delivery, for the webhook's,
   * or once the device (and with it its deliveries) is gone.
   */
  async redeemTake(deliveryId: string, quoteId: string, now: Date): Promise<string | undefined> {
    return this.#db.transaction().execute(async (tx) => {
      const redeemed = await tx
        .updateTable('alert_deliveries')
        .set({ take_redeemed_at: now.toISOString() })
        .where('id', '=', deliveryId)
        .where('quote_id', '=', quoteId)
        .where('channel', '=', 'push')
        .where('take_redeemed_at', 'is', null)
        .returning('device_id')
        .executeTakeFirst();
      if (redeemed?.device_id == null) return undefined;
      const device = await tx.selectFrom('push_devices').select('staff_email').where('id', '=', redeemed.device_id).executeTakeFirst();
      return device?.staff_email;
    });
  }
}
