// Frozen once released, as every migration is. No `down`: the figures it keeps are read from rows that
// stay, so dropping them would lose nothing, but the report would then have nothing to read. Its limit
// is written out here, not read from domain/, so that a later change to the domain cannot change what it did.
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sqlDialectOf } from '../database';

/** domain/inbox/job-outcome.ts's wonValueMaxPence when this migration was written. */
const wonValueMaxPenceAt014 = 100_000_000;

/**
 * What the owner's report reads of each request, kept on its row so that a year of them is summed from
 * one index, with nothing looked up per request: `won_pence`, the value given when it was last won
 * (a job marked done too soon and back keeps it), only while it is won or done; `first_called_at`, its first call nobody picked up. Both are filled in from the
 * moves and calls already stored; and when its customer was asked for a review, reminded, and followed
 * the link, none yet. The index holds every column the report reads, for the requests out of the Spam
 * folder, by the time they arrived.
 */
export const addReportFigures: Migration = {
  async up(db) {
    const dialect = sqlDialectOf(db);
    const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
    // Written out for NULL: `NULL and false` is false, which a CHECK refuses.
    await sql`alter table quote_requests add column won_pence integer
      constraint quote_requests_won_pence check (won_pence is null or (won_pence between 0 and ${sql.lit(wonValueMaxPenceAt014)} and status in ('won', 'done')))`.execute(db);
    await sql`alter table quote_requests add column first_called_at ${timestamp}`.execute(db);
    for (const column of ['review_asked_at', 'review_reminded_at', 'review_opened_at']) {
      await sql`alter table quote_requests add column ${sql.ref(column)} ${timestamp}`.execute(db);
    }
    await sql`update quote_requests set won_pence = (
        select changes.won_pence from quote_status_changes changes
        where changes.quote_id = quote_requests.id and changes.to_status = 'won' and changes.from_status <> 'done' order by changes.id desc limit 1)
      where status in ('won', 'done')`.execute(db);
    await sql`update quote_requests set first_called_at = (
        select min(calls.attempted_at) from quote_call_attempts calls where calls.quote_id = quote_requests.id)
      where exists (select 1 from quote_call_attempts calls where calls.quote_id = quote_requests.id)`.execute(db);
    const read = ['urgent', 'status', 'responded_at', 'first_called_at', 'won_pence', 'review_asked_at', 'review_opened_at', 'referrer_host', 'utm_source', 'utm_medium', 'has_gclid'].map((name) => sql.ref(name));
    // PostgreSQL carries the rest beside the key; SQLite has no INCLUDE, so they follow it in the key.
    await (dialect === 'postgres'
      ? sql`create index quote_requests_report on quote_requests (created_at) include (${sql.join(read)}) where not in_spam`
      : sql`create index quote_requests_report on quote_requests (created_at, ${sql.join(read)}, in_spam) where not in_spam`
    ).execute(db);
  },
};
