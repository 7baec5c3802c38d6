import { systemAuthor } from '../../domain/activity/actor';
import { appendActivity } from './activity-row';
import type { ClaimedNotification, NotificationOutbox } from '../../domain/ports/notification-outbox';
import { type NotificationKind, notificationKinds } from './database';
import { compareText, compareTimes, LeasedOutbox, requireClaimLimit } from './outbox-lease';
import { quoteColumns, rowToQuote } from './quote-row';
import { parseStatus } from './inbox-row';
import { isReviewEmailKind } from '../../domain/reviews/review-ask';
import { queueReviewReminder, queueSecondReminder } from './new-request-notifications';
import { isReminderEmailKind, serviceReminderOf } from '../../domain/reminders/service-reminder';
import { reminderKinds, rowToActivity } from './activity-row';
import type { Activity } from '../../domain/activity/activity';
import { pricedQuoteKinds, pricedQuotesOf, sentQuoteOf } from '../../domain/priced-quote/priced-quote';
import type { Kysely } from 'kysely';
import type { Database } from './database';

/**
 * The notification emails that `SqlQuoteRepository` (with `notify`) writes beside each request, for a
 * dispatcher to send. Several servers may share one PostgreSQL database: each notification is claimed
 * by one of them at a time, and delivered at least once.
 */
export class SqlNotificationOutbox extends LeasedOutbox implements NotificationOutbox {
  protected readonly table = 'notifications';

  /**
   * Claims up to `limit` notifications that are due, those due longest first, and returns them oldest
   * first. Each is leased: due again only after `leaseSeconds` unless renewed, or marked sent or failed, meanwhile.
   */
  async claimDue(limit: number): Promise<ClaimedNotification[]> {
    requireClaimLimit(limit);
    const now = this.now();
    const due = this.db
      .selectFrom('notifications')
      .select('id')
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('next_attempt_at')
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .$if(this.lockRows, (query) => query.forUpdate().skipLocked());
    // One statement picks and leases, so no two claimers can both take a row.
    const claimed = await this.db
      .updateTable('notifications')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        next_attempt_at: new Date(now.getTime() + this.leaseMs).toISOString(),
      }))
      .where('id', 'in', due)
      .returning(['id', 'quote_id', 'kind', 'attempts', 'created_at'])
      .execute();
    if (claimed.length === 0) return [];

    const quoteIds = [...new Set(claimed.map(({ quote_id }) => quote_id))];
    const [quotes, photoCounts, reminderLogs] = await Promise.all([
      this.db
        .selectFrom('quote_requests')
        .select([...quoteColumns, 'status', 'in_spam', 'review_asked_at', 'review_reminded_at', 'review_opened_at'])
        .where('id', 'in', quoteIds)
        .execute(),
      this.db
        .selectFrom('quote_photos')
        .select((eb) => ['quote_id', eb.fn.countAll<number | string>().as('photos')])
        .where('quote_id', 'in', quoteIds)
        .groupBy('quote_id')
        .execute(),
      // What a reminder or quote email reads of each request's log: its reminder's and its quotes' steps alone.
      this.db
        .selectFrom('quote_activity')
        .select(['quote_id', 'id', 'kind', 'by', 'at', 'data'])
        .where('quote_id', 'in', quoteIds)
        .where('kind', 'in', [...reminderKinds, ...pricedQuoteKinds])
        .orderBy('at')
        .orderBy('seq')
        .execute(),
    ]);
    const logs = new Map<string, Activity[]>();
    for (const row of reminderLogs) logs.set(row.quote_id, [...(logs.get(row.quote_id) ?? []), rowToActivity(row)]);
    const quoteById = new Map(
      quotes.map((row) => {
        const log = logs.get(row.id) ?? [];
        return [row.id, { quote: rowToQuote(row), standing: { ...standingOf(row), reminder: serviceReminderOf(log), quotes: pricedQuotesOf(log) } }];
      }),
    );
    const photoCountOf = new Map(photoCounts.map(({ quote_id, photos }) => [quote_id, Number(photos)]));
    return claimed
      .sort((a, b) => compareTimes(a.created_at, b.created_at) || compareText(a.quote_id, b.quote_id) || compareText(a.kind, b.kind))
      .flatMap(({ id, quote_id, kind, attempts }) => {
        const request = quoteById.get(quote_id);
        // Deleted between the two statements: its notifications went with it, and there is nothing to send.
        if (request === undefined) return [];
        return [{ id, kind: parseKind(id, kind), attempts, ...request, photoCount: photoCountOf.get(quote_id) ?? 0 }];
      });
  }

  /**
   * Records that the notification was delivered: it is never claimed again. A review email's request
   * records, in the same transaction, when it was asked or reminded (the first time only), and an ask
   * queues its one reminder; a quote's follow-up records that the version it was about was followed up.
   */
  async markSent(id: string, at: Date): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const sent = await tx
        .updateTable('notifications')
        .set({ sent_at: at.toISOString() })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .returning(['quote_id', 'kind'])
        .executeTakeFirst();
      if (sent?.kind === 'quote-follow-up') {
        await recordFollowedUp(tx, sent.quote_id, at);
        return;
      }
      if (sent !== undefined && isReminderEmailKind(sent.kind)) {
        await appendActivity(tx, sent.quote_id, [{ kind: 'service-reminded' }], { by: systemAuthor, at, newId: () => crypto.randomUUID() });
        // The second and last, two weeks after the first went: it exists only once the first is recorded.
        if (sent.kind === 'service-reminder') await queueSecondReminder(tx, sent.quote_id, at);
        return;
      }
      if (sent === undefined || !isReviewEmailKind(sent.kind)) return;
      const column = sent.kind === 'review' ? 'review_asked_at' : 'review_reminded_at';
      const stamped = await tx.updateTable('quote_requests').set({ [column]: at.toISOString() }).where('id', '=', sent.quote_id).where(column, 'is', null).executeTakeFirst();
      if (stamped.numUpdatedRows > 0n) {
        await appendActivity(tx, sent.quote_id, [{ kind: sent.kind === 'review' ? 'review-asked' : 'review-reminded' }], { by: systemAuthor, at, newId: () => crypto.randomUUID() });
      }
      // The one reminder, a week after the ask went: it exists only once the ask is recorded.
      if (sent.kind === 'review') await queueReviewReminder(tx, sent.quote_id, at);
    });
  }

  /** Takes back a review, reminder or quote email that came due but must not go: deleted, unsent. */
  async withdraw(id: string): Promise<void> {
    await this.db.deleteFrom('notifications').where('id', '=', id).where('sent_at', 'is', null).execute();
  }
}

/**
 * Records that the quote last sent was followed up, once: read under the transaction that marks the
 * email sent, so a version sent meanwhile (which queues its own follow-up) is the one the log names.
 */
async function recordFollowedUp(tx: Kysely<Database>, quoteId: string, at: Date): Promise<void> {
  const steps = await tx
    .selectFrom('quote_activity')
    .select(['quote_id', 'id', 'kind', 'by', 'at', 'data'])
    .where('quote_id', '=', quoteId)
    .where('kind', 'in', pricedQuoteKinds)
    .orderBy('at')
    .orderBy('seq')
    .execute();
  const sent = sentQuoteOf(pricedQuotesOf(steps.map(rowToActivity)));
  if (sent?.followedUpAt !== null) return;
  await appendActivity(tx, quoteId, [{ kind: 'quote-followed-up', version: sent.version }], { by: systemAuthor, at, newId: () => crypto.randomUUID() });
}

const timeOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** Where a request stands, as a review email reads it. */
function standingOf(row: {
  status: string;
  in_spam: boolean | number;
  review_asked_at: Date | string | null;
  review_reminded_at: Date | string | null;
  review_opened_at: Date | string | null;
  id: string;
}): Omit<ClaimedNotification['standing'], 'reminder' | 'quotes'> {
  return {
    status: parseStatus(row.id, row.status),
    inSpam: row.in_spam === true || row.in_spam === 1,
    review: { askedAt: timeOrNull(row.review_asked_at), remindedAt: timeOrNull(row.review_reminded_at), openedAt: timeOrNull(row.review_opened_at) },
  };
}

function parseKind(id: string, kind: string): NotificationKind {
  const parsed = notificationKinds.find((known) => known === kind);
  if (parsed === undefined) throw new Error(`Stored notification ${id} has an unknown kind`);
  return parsed;
}
