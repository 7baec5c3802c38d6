import type { Kysely } from 'kysely';
import { takeConfirmation } from './customer-confirmations';
import type { Database, NotificationKind } from './database';
import { type ReviewEmailKind, reviewAskDue, reviewReminderDue } from '../../domain/reviews/review-ask';
import { type ReminderEmailKind, secondReminderAt } from '../../domain/reminders/service-reminder';
import { type QuoteEmailKind, quoteFollowUpAt } from '../../domain/priced-quote/quote-emails';

/**
 * Queues the emails a request arriving at `at` sends, due at once: one to the business, and one to
 * the customer when they gave an address and none went there in the day before (`customer_confirmations`;
 * the request is stored and the business told either way). Called in the transaction that stores the
 * request (or moves it out of the Spam folder), so the emails commit with it. A kind already queued
 * for the request is left as it is.
 */
export async function queueNotifications(tx: Kysely<Database>, quote: { id: string; email: string | null }, at: Date): Promise<void> {
  const confirm = quote.email !== null && (await takeConfirmation(tx, quote.email, at));
  const kinds: NotificationKind[] = confirm ? ['business', 'customer'] : ['business'];
  const queuedAt = at.toISOString();
  await tx
    .insertInto('notifications')
    .values(kinds.map((kind) => ({ id: crypto.randomUUID(), quote_id: quote.id, kind, created_at: queuedAt, next_attempt_at: queuedAt })))
    .onConflict((conflict) => conflict.columns(['quote_id', 'kind']).doNothing())
    .execute();
}

/**
 * Queues a done job's review email, due `askAfterHours` after `doneAt`, for a request with an address,
 * a customer link (its links live under it) and out of the Spam folder; called in the transaction that
 * marks it done. Its one reminder is queued only once the ask is recorded sent (SqlNotificationOutbox).
 * A job marked done again after going back to won moves an ask not yet tried to the new time; one sent,
 * or being sent, stays as it is. Whether the ask still goes is decided as it falls due.
 */
export async function queueReviewAsk(tx: Kysely<Database>, quoteId: string, doneAt: Date, askAfterHours: number): Promise<void> {
  const row = await tx.selectFrom('quote_requests').select(['email', 'in_spam', 'customer_token_hash']).where('id', '=', quoteId).executeTakeFirst();
  if (row === undefined || row.email === null || row.customer_token_hash === null || row.in_spam === true || row.in_spam === 1) return;
  const due = reviewAskDue(doneAt, askAfterHours).toISOString();
  await queueAt(tx, quoteId, 'review', due, { movable: true });
}

/** Queues the ask's one reminder, a week after the ask went; called in the transaction that records it sent. */
export async function queueReviewReminder(tx: Kysely<Database>, quoteId: string, askedAt: Date): Promise<void> {
  await queueAt(tx, quoteId, 'review-reminder', reviewReminderDue(askedAt).toISOString(), { movable: false });
}

/**
 * Queues a standing reminder's first email, due `at`; called in the transaction that sets it. A reminder
 * set again before its email was tried moves it; one sent stays as it is. Whether it still goes is
 * decided as it falls due.
 */
export async function queueServiceReminder(tx: Kysely<Database>, quoteId: string, at: Date): Promise<void> {
  await queueAt(tx, quoteId, 'service-reminder', at.toISOString(), { movable: true });
}

/** Queues a reminder's second and last email, two weeks after the first went; called in the transaction that records it sent. */
export async function queueSecondReminder(tx: Kysely<Database>, quoteId: string, firstSentAt: Date): Promise<void> {
  await queueAt(tx, quoteId, 'service-reminder-again', secondReminderAt(firstSentAt).toISOString(), { movable: false });
}

/** One email of `kind` for the request, waiting from `due` (when it becomes due is when it starts to wait). */
async function queueAt(tx: Kysely<Database>, quoteId: string, kind: ReviewEmailKind | ReminderEmailKind, due: string, { movable }: { movable: boolean }): Promise<void> {
  await tx
    .insertInto('notifications')
    .values({ id: crypto.randomUUID(), quote_id: quoteId, kind, created_at: due, next_attempt_at: due })
    .onConflict((conflict) =>
      movable
        ? conflict
            .columns(['quote_id', 'kind'])
            .doUpdateSet((eb) => ({ created_at: eb.ref('excluded.created_at'), next_attempt_at: eb.ref('excluded.next_attempt_at') }))
            .where('notifications.sent_at', 'is', null)
            .where('notifications.attempts', '=', 0)
        : conflict.columns(['quote_id', 'kind']).doNothing(),
    )
    .execute();
}

/**
 * Queues a quote's email, due at once, and its one follow-up `followUpDays` later (none when 0); called in
 * the transaction that records it sent. A version sent after another queues both again, as new.
 */
export async function queueQuoteEmails(tx: Kysely<Database>, quoteId: string, sentAt: Date, followUpDays: number): Promise<void> {
  await requeue(tx, quoteId, 'quote-sent', sentAt);
  if (followUpDays > 0) await requeue(tx, quoteId, 'quote-follow-up', quoteFollowUpAt(sentAt, followUpDays));
}

/** Queues the confirmation of a quote accepted, due at once; called in the transaction that records the yes. */
export async function queueQuoteConfirmation(tx: Kysely<Database>, quoteId: string, acceptedAt: Date): Promise<void> {
  await requeue(tx, quoteId, 'quote-accepted', acceptedAt);
}

/**
 * One email of `kind` for the request, due `at`, as if never sent: a quote's emails go again for each
 * version. It takes a new id, so a sender still at work on the one it replaces (about the version
 * before) records nothing of it, neither as sent nor as followed up.
 */
async function requeue(tx: Kysely<Database>, quoteId: string, kind: QuoteEmailKind, at: Date): Promise<void> {
  const due = at.toISOString();
  const id = crypto.randomUUID();
  await tx
    .insertInto('notifications')
    .values({ id, quote_id: quoteId, kind, created_at: due, next_attempt_at: due })
    .onConflict((conflict) =>
      conflict.columns(['quote_id', 'kind']).doUpdateSet({ id, created_at: due, next_attempt_at: due, sent_at: null, attempts: 0, last_error: null }),
    )
    .execute();
}
