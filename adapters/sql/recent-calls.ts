import type { Kysely } from 'kysely';
import { callAttemptLookbackMs, type RecentCalls } from '../../domain/inbox/call-attempt-limits';
import type { Database } from './database';

/**
 * The calls nobody answered the domain's guard weighs a new one against, read in the transaction that
 * records it: the request's (by the partial index `quote_activity_calls`), and `by`'s on any request.
 * Calls by one person on other requests are not locked: two recorded at the same moment may both pass.
 */
export async function recentCalls(tx: Kysely<Database>, { id, by, at }: { id: string; by: string; at: Date }): Promise<RecentCalls> {
  const since = new Date(at.getTime() - callAttemptLookbackMs).toISOString();
  const calls = tx.selectFrom('quote_activity').select(['quote_id', 'at']).where('kind', '=', 'call-attempted').where('at', '>', since);
  const [onRequest, byStaff] = await Promise.all([calls.where('quote_id', '=', id).execute(), calls.where('by', '=', by).execute()]);
  const times = (rows: readonly { at: Date | string }[]) => rows.map((row) => new Date(row.at));
  return { request: times(onRequest), staff: times(byStaff) };
}
