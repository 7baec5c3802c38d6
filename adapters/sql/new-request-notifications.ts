import type { Kysely } from 'kysely';
import { takeConfirmation } from './customer-confirmations';
import type { Database, NotificationKind } from './database';
import { reviewEmailKinds, reviewEmailsDue } from '../../domain/reviews/review-ask';

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
 * Queues a done job's review emails, due `askAfterHours` after `doneAt` and a week after that, for a
 * request with an address and out of the Spam folder; called in the transaction that marks it done. A
 * job marked done again after going back to won has its unsent ones moved to the new time; one already
 * sent stays sent, and is never sent again. Whether each still goes is decided as it falls due.
 */
export async function queueReviewEmails(tx: Kysely<Database>, quote: { id: string; email: string | null; inSpam: boolean }, doneAt: Date, askAfterHours: number): Promise<void> {
  if (quote.email === null || quote.inSpam) return;
  const due = reviewEmailsDue(doneAt, askAfterHours);
  await tx
    .insertInto('notifications')
    .values(reviewEmailKinds.map((kind) => ({ id: crypto.randomUUID(), quote_id: quote.id, kind, created_at: doneAt.toISOString(), next_attempt_at: due[kind].toISOString() })))
    .onConflict((conflict) =>
      conflict
        .columns(['quote_id', 'kind'])
        .doUpdateSet((eb) => ({ created_at: eb.ref('excluded.created_at'), next_attempt_at: eb.ref('excluded.next_attempt_at'), attempts: 0, last_error: null }))
        .where('notifications.sent_at', 'is', null),
    )
    .execute();
}

/** Takes back a job's unsent review emails, as it goes back from done to won. */
export async function withdrawReviewEmails(tx: Kysely<Database>, quoteId: string): Promise<void> {
  await tx.deleteFrom('notifications').where('quote_id', '=', quoteId).where('kind', 'in', [...reviewEmailKinds]).where('sent_at', 'is', null).execute();
}
