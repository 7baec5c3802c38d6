// Frozen once released, as every migration is. No `down`: it would forget every call nobody answered,
// and with them when each of those requests was first called back. The limit in its CHECK is written
// out here, not read from domain/, so that a later change to the domain cannot change what it did.
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sqlDialectOf } from '../database';

/** The domain's staffEmailMaxLength when this migration was written. */
const staffEmailMaxLengthAt011 = 254;

/**
 * `quote_call_attempts`: each call staff made to a waiting request that nobody picked up, who rang and
 * when. A request's rows go with it (erased, purged or deleted). Its status and responded_at are left
 * as they were: it still waits, and its due_at moves to the next try as each call is recorded.
 */
export const addCallAttempts: Migration = {
  async up(db) {
    const dialect = sqlDialectOf(db);
    const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
    // An integer key in insertion order, the tie-breaker among calls at the same time: SQLite numbers its INTEGER PRIMARY KEY itself.
    const insertionOrder = dialect === 'postgres' ? sql`integer generated always as identity primary key` : sql`integer primary key`;
    await sql`create table quote_call_attempts (
        seq ${insertionOrder},
        quote_id text not null references quote_requests (id) on delete cascade,
        attempted_by text not null,
        attempted_at ${timestamp} not null,
        constraint quote_call_attempts_attempted_by_length check (length(attempted_by) between 1 and ${sql.lit(staffEmailMaxLengthAt011)})
      )`.execute(db);
    // Read a page's worth at a time by quote_id, first and last by time; and needed by the cascade when a request is deleted.
    await sql`create index quote_call_attempts_by_quote on quote_call_attempts (quote_id, attempted_at)`.execute(db);
  },
};
