import type { Kysely } from 'kysely';
import { takeConfirmation } from './customer-confirmations';
import type { Database, NotificationKind } from './database';

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
