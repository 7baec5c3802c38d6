// Frozen once released, as every migration is. No `down`: it would forget where every request came
// from. The limits in its CHECKs are written out here, not read from domain/, so that a later change
// to the domain cannot change what it did. Requests stored before it came from nowhere known: NULLs,
// and no ad click.
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** domain/quote/lead-source.ts's limits when this migration was written; heard_from holds one of its short answers. */
const limitsAt012 = { heard_from: 32, landing_page: 300, referrer_host: 253, utm_source: 100, utm_medium: 100, utm_campaign: 100 } as const;

/**
 * Where each request came from: what the visitor said (heard_from), the page it was sent from with its
 * campaign tags, the referrer's host, the three utm_ tags, and whether an ad click's id was present
 * (has_gclid: the id itself is never kept).
 */
export const addLeadSource: Migration = {
  async up(db) {
    // SQLite adds a CHECK only with its column; an optional value is NULL rather than empty (a CHECK on NULL passes).
    for (const [column, max] of Object.entries(limitsAt012)) {
      await sql`alter table quote_requests add column ${sql.ref(column)} text
        constraint ${sql.ref(`quote_requests_${column}_length`)} check (length(${sql.ref(column)}) between 1 and ${sql.lit(max)})`.execute(db);
    }
    // The check is a no-op for PostgreSQL's boolean; SQLite would otherwise store any number.
    await sql`alter table quote_requests add column has_gclid boolean not null default false
      constraint quote_requests_has_gclid check (has_gclid in (false, true))`.execute(db);
  },
};
