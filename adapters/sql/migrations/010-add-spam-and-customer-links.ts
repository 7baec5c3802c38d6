// Frozen once released, as every migration is. No `down`: it would forget which requests are spam and
// break every customer link. The limits in its CHECKs are written out here, not read from domain/, so
// that a later change to the domain cannot change what this migration did.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { type SqlDialectName, sqlDialectOf } from '../database';

/** The domain's staffEmailMaxLength when this migration was written. */
const staffEmailMaxLengthAt010 = 254;

/** A SHA-256 digest in hexadecimal, as adapters/sql/sql-quote-repository.ts writes a customer token's. */
const hexSha256Length = 64;

/**
 * On `quote_requests`: the spam mark (the score, its reasons as a JSON array, when it was sent, who
 * said "Not spam" and when), an `in_spam` flag that the views' partial indexes read, the key its
 * description is compared by (`spam_text_key`, for how often the same text came in the last day), and
 * the hash of the customer link token. Every request stored before has none of them: not spam, and
 * no link (its customer was never given one).
 */
export const addSpamAndCustomerLinks: Migration = {
  async up(db) {
    const dialect = sqlDialectOf(db);
    await addColumns[dialect](db);
    const id = dialect === 'postgres' ? sql`id collate "C"` : sql`id`;
    for (const statement of [
      // The waiting view and the alert planner read only requests outside the Spam folder: their
      // partial indexes say so, so that a flood of spam never slows them.
      sql`drop index quote_requests_waiting`,
      sql`create index quote_requests_waiting on quote_requests (due_at, ${id}) where status = 'new' and not in_spam`,
      sql`drop index quote_requests_awaiting`,
      sql`create index quote_requests_awaiting on quote_requests (created_at) where status = 'new' and taken_at is null and not in_spam`,
      // The Spam folder, newest first; also what the spam purge reads.
      sql`create index quote_requests_spam on quote_requests (created_at desc, ${id} desc) where in_spam`,
      // How many requests with the same text came in the last day.
      sql`create index quote_requests_by_spam_text_key on quote_requests (spam_text_key, created_at) where spam_text_key is not null`,
      // A link finds its request by the token's hash; no two requests share one.
      sql`create unique index quote_requests_by_customer_token on quote_requests (customer_token_hash)`,
    ]) {
      await statement.execute(db);
    }
  },
};

// SQLite cannot add a constraint to a table, only a column with its own; its CHECKs may name columns
// added before it. A NOT NULL column needs a default there, as in PostgreSQL for the rows already stored.
const addColumns: Record<SqlDialectName, (db: Kysely<unknown>) => Promise<void>> = {
  sqlite: async (db) => {
    for (const statement of [
      sql`alter table quote_requests add column spam_score integer
          constraint quote_requests_spam_score check (spam_score > 0)`,
      sql`alter table quote_requests add column spam_reasons text
          constraint quote_requests_spam_reasons check (json_valid(spam_reasons) and json_type(spam_reasons) = 'array'
            and (spam_score is null) = (spam_reasons is null))`,
      sql`alter table quote_requests add column spam_sent_at text
          constraint quote_requests_spam_sent_at check ((spam_score is null) = (spam_sent_at is null))`,
      sql`alter table quote_requests add column spam_cleared_by text
          constraint quote_requests_spam_cleared_by_length check (length(spam_cleared_by) between 1 and ${sql.lit(staffEmailMaxLengthAt010)})`,
      sql`alter table quote_requests add column spam_cleared_at text
          constraint quote_requests_spam_cleared check ((spam_cleared_by is null) = (spam_cleared_at is null)
            and (spam_cleared_at is null or spam_score is not null))`,
      sql`alter table quote_requests add column in_spam boolean not null default false
          constraint quote_requests_in_spam check (in_spam = (spam_score is not null and spam_cleared_at is null))`,
      sql`alter table quote_requests add column spam_text_key text`,
      sql`alter table quote_requests add column customer_token_hash text
          constraint quote_requests_customer_token_hash check (length(customer_token_hash) = ${sql.lit(hexSha256Length)})`,
    ]) {
      await statement.execute(db);
    }
  },
  postgres: async (db) => {
    await sql`alter table quote_requests
        add column spam_score integer,
        add column spam_reasons text,
        add column spam_sent_at timestamptz,
        add column spam_cleared_by text,
        add column spam_cleared_at timestamptz,
        add column in_spam boolean not null default false,
        add column spam_text_key text,
        add column customer_token_hash text,
        add constraint quote_requests_spam_score check (spam_score > 0),
        add constraint quote_requests_spam_reasons check (json_typeof(cast(spam_reasons as json)) = 'array'
          and (spam_score is null) = (spam_reasons is null)),
        add constraint quote_requests_spam_sent_at check ((spam_score is null) = (spam_sent_at is null)),
        add constraint quote_requests_spam_cleared_by_length check (length(spam_cleared_by) between 1 and ${sql.lit(staffEmailMaxLengthAt010)}),
        add constraint quote_requests_spam_cleared check ((spam_cleared_by is null) = (spam_cleared_at is null)
          and (spam_cleared_at is null or spam_score is not null)),
        add constraint quote_requests_in_spam check (in_spam = (spam_score is not null and spam_cleared_at is null)),
        add constraint quote_requests_customer_token_hash check (length(customer_token_hash) = ${sql.lit(hexSha256Length)})`.execute(db);
  },
};
