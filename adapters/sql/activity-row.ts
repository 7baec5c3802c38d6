import type { Kysely, Selectable } from 'kysely';
import * as v from 'valibot';
import { type Activity, type ActivityKind, ActivitySchema, type ActivityStep } from '../../domain/activity/activity';
import type { Database, QuoteActivityTable } from './database';

/** The kinds of step a request's yearly reminder is folded from (serviceReminderOf). */
export const reminderKinds = ['reminder-set', 'reminder-stopped', 'service-reminded', 'service-booked', 'repeat-of'] as const satisfies readonly ActivityKind[];

/** The columns of a step of a request's life. */
export const activityColumns = ['quote_id', 'id', 'kind', 'by', 'at', 'data'] as const;

type ActivityRow = Pick<Selectable<QuoteActivityTable>, (typeof activityColumns)[number]>;

/** A stored step, parsed by the domain's schema; throws on one no write of ours could have made (or a kind this version does not know). */
export function rowToActivity(row: ActivityRow): Activity {
  let data: unknown;
  try {
    data = JSON.parse(row.data);
  } catch {
    data = undefined;
  }
  const parsed = v.safeParse(ActivitySchema, { ...(typeof data === 'object' ? data : {}), kind: row.kind, id: row.id, by: row.by, at: new Date(row.at) });
  if (!parsed.success) throw new Error(`Stored quote request ${row.quote_id} has a malformed step ${row.id} of kind ${row.kind}`);
  return parsed.output;
}

/** Appends steps to a request's log, each stamped with an id of `newId`'s, `by` and `at`; answers them as the domain keeps them. */
export async function appendActivity(
  db: Kysely<Database>,
  quoteId: string,
  steps: readonly ActivityStep[],
  stamp: { by: string; at: Date; newId: () => string },
): Promise<Activity[]> {
  const entries = steps.map((step): Activity => ({ ...step, id: stamp.newId(), by: stamp.by, at: stamp.at }));
  if (entries.length === 0) return entries;
  await db
    .insertInto('quote_activity')
    .values(entries.map(({ kind, id, by, at, ...data }) => ({ quote_id: quoteId, id, kind, by, at: at.toISOString(), data: JSON.stringify(data) })))
    .execute();
  return entries;
}
