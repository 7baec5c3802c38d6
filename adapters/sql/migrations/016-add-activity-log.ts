// Frozen once released, as every migration is. No `down`: the tables it replaces are gone. The kinds
// and the authors it writes are written out here, not read from domain/, so that a later change to the
// domain cannot change what it did.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sqlDialectOf } from '../database';

/** domain/activity/activity.ts's customerAuthor and systemAuthor when this migration was written. */
const customerAt016 = 'customer';
const systemAt016 = 'system';

/**
 * `quote_activity`: a request's whole life as one log, every step one row with its kind, who, when and
 * its data as JSON. Every row of the status changes, notes (the customer's messages among them) and
 * calls nobody answered moves into it, with the stamps kept on the request of who took it, who said
 * "Not spam", and when a review was asked, reminded and opened; then the three tables go. The stamps'
 * columns stay: the alerts' index, in_spam's CHECK and the report read them, and each step writes them
 * in its own transaction.
 */
export const addActivityLog: Migration = {
  async up(db) {
    const dialect = sqlDialectOf(db);
    const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
    const insertionOrder = dialect === 'postgres' ? sql`bigint generated always as identity primary key` : sql`integer primary key`;
    await sql`create table quote_activity (
        seq ${insertionOrder},
        id text not null unique,
        quote_id text not null references quote_requests (id) on delete cascade,
        kind text not null,
        by text not null,
        at ${timestamp} not null,
        data text not null
      )`.execute(db);
    // A page's logs by quote_id, in order; and needed by the cascade when a request is deleted.
    await sql`create index quote_activity_by_quote on quote_activity (quote_id, at, seq)`.execute(db);
    // The response clock reads each waiting request's first and last call nobody answered.
    await sql`create index quote_activity_calls on quote_activity (quote_id, at) where kind = 'call-attempted'`.execute(db);
    await moveRows(db, dialect);
    for (const table of ['quote_status_changes', 'quote_notes', 'quote_call_attempts']) await sql`drop table ${sql.table(table)}`.execute(db);
  },
};

/** Every step kept so far, into the log: each kind in the order it was kept, so steps at the same time keep theirs. */
async function moveRows(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  // JSON built by the database: SQLite's json_object, PostgreSQL's json_build_object, with absent values left out.
  const object = (...pairs: [string, ReturnType<typeof sql.ref>][]) =>
    dialect === 'postgres'
      ? sql`json_strip_nulls(json_build_object(${sql.join(pairs.flatMap(([key, value]) => [sql.lit(key), value]))}))::text`
      : pairs.reduce((json, [key, value]) => sql`case when ${value} is null then ${json} else json_set(${json}, ${sql.lit(`$.${key}`)}, ${value}) end`, sql`'{}'`);
  const insert = (select: ReturnType<typeof sql>) => sql`insert into quote_activity (id, quote_id, kind, by, at, data) ${select}`.execute(db);
  await insert(sql`select ${sql.lit('taken-')} || id, id, 'taken', taken_by, taken_at, '{}' from quote_requests where taken_at is not null order by seq`);
  await insert(sql`select ${sql.lit('move-')} || id, quote_id, 'status-moved', changed_by, changed_at,
      ${object(['from', sql.ref('from_status')], ['to', sql.ref('to_status')], ['wonPence', sql.ref('won_pence')], ['lostReason', sql.ref('lost_reason')])}
    from quote_status_changes order by changed_at, id`);
  await insert(sql`select id, quote_id, case when written_by = ${sql.lit(customerAt016)} then 'customer-wrote' else 'note' end, written_by, written_at,
      ${object(['text', sql.ref('text')])}
    from quote_notes order by written_at, seq`);
  await insert(sql`select ${sql.lit('call-')} || seq, quote_id, 'call-attempted', attempted_by, attempted_at, '{}' from quote_call_attempts order by attempted_at, seq`);
  await insert(sql`select ${sql.lit('spam-cleared-')} || id, id, 'spam-cleared', spam_cleared_by, spam_cleared_at, '{}' from quote_requests where spam_cleared_at is not null order by seq`);
  for (const [column, kind, by] of [
    ['review_asked_at', 'review-asked', systemAt016],
    ['review_reminded_at', 'review-reminded', systemAt016],
    ['review_opened_at', 'review-opened', customerAt016],
  ] as const) {
    await insert(sql`select ${sql.lit(`${kind}-`)} || id, id, ${sql.lit(kind)}, ${sql.lit(by)}, ${sql.ref(column)}, '{}' from quote_requests where ${sql.ref(column)} is not null order by seq`);
  }
}
