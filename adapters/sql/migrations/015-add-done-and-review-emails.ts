// Frozen once released, as every migration is. No `down`: a request done would have no status to go
// back to, and an address that said stop would be asked again. The statuses and kinds are written out
// here, not read from domain/, so that a later change to the domain cannot change what it did.
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sqlDialectOf } from '../database';
import { rewriteSqliteTable } from './sqlite-table-rewrite';

/** domain/inbox/quote-status.ts's quoteStatuses, and the outbox's kinds of email, when this migration was written. */
const statusesAt015 = ['new', 'contacted', 'quoted', 'won', 'done', 'lost'] as const;
const notificationKindsAt015 = ['business', 'customer', 'review', 'review-reminder'] as const;

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const listed = quoted(statusesAt015);

/** Each status CHECK as it stands after this migration, by its table and its constraint's name. */
const checks = [
  { table: 'quote_requests', name: 'quote_requests_status', check: `status in (${listed})`, was: /status in \([^)]*\)/ },
  { table: 'quote_status_changes', name: 'quote_status_changes_from_status', check: `from_status in (${listed})`, was: /from_status in \([^)]*\)/ },
  { table: 'quote_status_changes', name: 'quote_status_changes_to_status', check: `to_status in (${listed}) and to_status <> from_status`, was: /to_status in \([^)]*\) and to_status <> from_status/ },
  { table: 'notifications', name: 'notifications_kind', check: `kind in (${quoted(notificationKindsAt015)})`, was: /kind in \([^)]*\)/ },
] as const;

/**
 * A job's last step, done, and the review emails it brings: the status CHECKs of requests and of their
 * moves allow done, and the outbox's CHECK the two review emails. PostgreSQL replaces each CHECK. SQLite
 * cannot alter one, and a rebuilt quote_requests would have to carry its rows' ids, its triggers and its
 * search index across; as SQLite documents for loosening a CHECK, its schema text is rewritten instead,
 * the rows untouched (decision 032). Then `review_opt_outs`: the addresses never to ask again, each
 * kept only as a hash of the address, with why.
 */
export const addDoneAndReviewEmails: Migration = {
  async up(db) {
    const dialect = sqlDialectOf(db);
    await sql`create table review_opt_outs (
        address_hash text primary key,
        opted_out_at ${dialect === 'postgres' ? sql`timestamptz` : sql`text`} not null,
        reason text not null,
        constraint review_opt_outs_address_hash check (length(address_hash) = 64),
        constraint review_opt_outs_reason check (reason in ('unsubscribed', 'erased'))
      )`.execute(db);
    if (dialect === 'postgres') {
      for (const { table, name, check } of checks) {
        await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}, add constraint ${sql.ref(name)} check (${sql.raw(check)})`.execute(db);
      }
      return;
    }
    for (const table of new Set(checks.map((check) => check.table))) {
      await rewriteSqliteTable(db, table, (text) =>
        checks
          .filter((check) => check.table === table)
          .reduce((rewritten, { name, check, was }) => {
            const constraint = new RegExp(`(constraint "?${name}"? check \\()${was.source}\\)`);
            if (!constraint.test(rewritten)) throw new Error(`${table} has no CHECK ${name} as expected`);
            return rewritten.replace(constraint, `$1${check})`);
          }, text),
      );
    }
  },
};
