// Frozen once released, as every migration is. No `down`: it would forget what every won job was worth
// and why every lost one was lost. The limits and the reasons in its CHECKs are written out here, not
// read from domain/, so that a later change to the domain cannot change what it did. Moves recorded
// before it said neither: NULLs.
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** domain/inbox/job-outcome.ts's wonValueMaxPence and lost reasons when this migration was written. */
const wonValueMaxPenceAt013 = 100_000_000;
const lostReasonsAt013 = ['price', 'went-elsewhere', 'no-answer', 'not-our-job', 'out-of-area', 'other'] as const;

/**
 * What staff said of a job as they moved it, on the move itself: `won_pence`, the job's value in pence,
 * only on a move to won; `lost_reason`, only on a move to lost.
 */
export const addJobOutcomes: Migration = {
  async up(db) {
    // SQLite adds a CHECK only with its column, and reads the other columns of the row in it as PostgreSQL
    // does. Written out for NULL: `NULL and false` is false, which a CHECK refuses.
    await sql`alter table quote_status_changes add column won_pence integer
      constraint quote_status_changes_won_pence check (won_pence is null or (won_pence between 0 and ${sql.lit(wonValueMaxPenceAt013)} and to_status = 'won'))`.execute(db);
    await sql`alter table quote_status_changes add column lost_reason text
      constraint quote_status_changes_lost_reason check (lost_reason is null or (lost_reason in (${sql.join(lostReasonsAt013.map((reason) => sql.lit(reason)))}) and to_status = 'lost'))`.execute(db);
  },
};
