// Frozen once released, as every migration is. No `down`: a request done would have no status to go
// back to, and an address that said stop would be asked again. The statuses and kinds are written out
// here, not read from domain/, so that a later change to the domain cannot change what it did.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sqlDialectOf } from '../database';

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

/**
 * Replaces the CREATE TABLE text SQLite keeps for `table` with `rewrite` of it, inside the caller's
 * transaction, as https://sqlite.org/lang_altertable.html#otheralter describes: only for changes that
 * leave every row as it is stored valid (here, a CHECK allowing one more value). Needs SQLite's
 * defensive flag off (allowingSchemaRewrites); checks the file after.
 */
async function rewriteSqliteTable(db: Kysely<unknown>, table: string, rewrite: (text: string) => string): Promise<void> {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_schema where type = 'table' and name = ${table}`.execute(db);
  const before = rows[0]?.sql;
  if (before === undefined) throw new Error(`no table ${table}`);
  const { rows: versions } = await sql<{ schema_version: number }>`pragma schema_version`.execute(db);
  const version = versions[0]?.schema_version ?? 0;
  await sql`pragma writable_schema = on`.execute(db);
  try {
    await sql`update sqlite_schema set sql = ${rewrite(before)} where type = 'table' and name = ${table}`.execute(db);
    // A new schema version makes SQLite read the new text back.
    await sql.raw(`pragma schema_version = ${String(version + 1)}`).execute(db);
  } finally {
    await sql`pragma writable_schema = off`.execute(db);
  }
  const { rows: checked } = await sql<{ integrity_check: string }>`pragma integrity_check(${sql.raw(`"${table}"`)})`.execute(db);
  if (checked.length !== 1 || checked[0]?.integrity_check !== 'ok') throw new Error(`${table} failed its integrity check after its CHECK was rewritten`);
}
