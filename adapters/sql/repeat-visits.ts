import type { Kysely } from 'kysely';
import { customerAuthor } from '../../domain/activity/actor';
import { customerTokenHash } from '../../domain/customer-link/customer-link';
import { repeatVisitSteps } from '../../domain/reminders/repeat-visit';
import { appendActivity, reminderKinds, rowToActivity } from './activity-row';
import type { Database } from './database';

/**
 * Ties a request just stored (`laterId`, at `at`) to the one whose reminder's "Book my service" it came
 * through (by that customer's `token`), in the caller's transaction: each log says so, and the earlier
 * one's reminder no longer stands. Nothing for a token no request has, or one that never had a reminder.
 */
export async function tieRepeatVisit(tx: Kysely<Database>, token: string, laterId: string, at: Date): Promise<void> {
  const earlier = await tx.selectFrom('quote_requests').select('id').where('customer_token_hash', '=', await customerTokenHash(token)).executeTakeFirst();
  if (earlier === undefined || earlier.id === laterId) return;
  const rows = await tx
    .selectFrom('quote_activity')
    .select(['quote_id', 'id', 'kind', 'by', 'at', 'data'])
    .where('quote_id', '=', earlier.id)
    .where('kind', 'in', reminderKinds)
    .orderBy('at')
    .orderBy('seq')
    .execute();
  const steps = repeatVisitSteps({ id: earlier.id, log: rows.map(rowToActivity) }, laterId);
  if (steps === null) return;
  const stamp = { by: customerAuthor, at, newId: () => crypto.randomUUID() };
  await appendActivity(tx, earlier.id, steps.onEarlier, stamp);
  await appendActivity(tx, laterId, steps.onLater, stamp);
  await tx.updateTable('quote_requests').set({ service_due_on: null }).where('id', '=', earlier.id).execute();
}
