// Frozen once released, as every migration is. No `down`: it would drop every status change and note.
// It reads today's domain rules (dueAt, searchTextOf, the note limit) to fill in the rows stored before
// it; a later change to those rules needs a migration of its own, as the statuses had (015): they are
// written out here as they were.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import * as v from 'valibot';
import { noteMaxLength } from '../../../domain/activity/activity';
import { searchTextOf } from '../../../domain/inbox/inbox-query';
import { dueAt } from '../../../domain/inbox/response-clock';
import { staffEmailMaxLength } from '../../../domain/staff/staff';
import { type SqlDialectName, sqlDialectOf } from '../database';

/** The statuses when this migration was released; 015 added 'done'. */
const statusesAt004 = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;

const statusList = sql.join(statusesAt004.map((status) => sql.lit(status)));

/** What the backfill reads of a stored request, parsed rather than trusted. */
const StoredRowSchema = v.object({
  id: v.string(),
  created_at: v.union([v.date(), v.string()]),
  urgent: v.union([v.boolean(), v.number()]),
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.string(),
  description: v.nullable(v.string()),
});

const backfillBatch = 1000;

/**
 * Gives each request a status (every stored one is still 'new'), its response time, its due time and
 * the text a search looks through; then the status history and notes tables, and the inbox's indexes.
 */
export const addInbox: Migration = {
  async up(db) {
    const dialect = sqlDialectOf(db);
    await addColumns[dialect](db);
    await backfill(db, dialect);
    await finishColumns[dialect](db);
    await createHistoryAndNotes(db, dialect);
    await createIndexes(db, dialect);
  },
};

// SQLite can add a NOT NULL column only with a default, and cannot make one NOT NULL later: due_at and
// search_text get an empty default that a trigger refuses from then on. Its CHECKs may name other columns.
const addColumns: Record<SqlDialectName, (db: Kysely<unknown>) => Promise<void>> = {
  sqlite: async (db) => {
    for (const statement of [
      sql`alter table quote_requests add column status text not null default 'new'
          constraint quote_requests_status check (status in (${statusList}))`,
      sql`alter table quote_requests add column responded_at text
          constraint quote_requests_responded_once_not_new check ((status = 'new') = (responded_at is null))`,
      sql`alter table quote_requests add column due_at text not null default ''`,
      sql`alter table quote_requests add column search_text text not null default ''`,
    ]) {
      await statement.execute(db);
    }
  },
  postgres: async (db) => {
    await sql`alter table quote_requests
        add column status text not null default 'new',
        add column responded_at timestamptz,
        add column due_at timestamptz,
        add column search_text text`.execute(db);
  },
};

const finishColumns: Record<SqlDialectName, (db: Kysely<unknown>) => Promise<void>> = {
  sqlite: async (db) => {
    for (const event of ['insert', 'update']) {
      await sql`create trigger ${sql.id(`quote_requests_inbox_columns_on_${event}`)} before ${sql.raw(event)} on quote_requests
          for each row when new.due_at = '' or new.search_text = ''
          begin select raise(abort, 'quote_requests_inbox_columns: due_at and search_text are required'); end`.execute(db);
    }
  },
  postgres: async (db) => {
    await sql`alter table quote_requests
        alter column due_at set not null,
        alter column search_text set not null,
        add constraint quote_requests_status check (status in (${statusList})),
        add constraint quote_requests_responded_once_not_new check ((status = 'new') = (responded_at is null))`.execute(db);
  },
};

/** Fills due_at and search_text of the rows stored before this migration, a batch at a time, by id. */
async function backfill(db: Kysely<unknown>, dialect: SqlDialectName): Promise<void> {
  const timestamp = (value: string): RawBuilder<unknown> => (dialect === 'postgres' ? sql`cast(${value} as timestamptz)` : sql`${value}`);
  let after = '';
  for (;;) {
    const { rows } = await sql`select id, created_at, urgent, name, email, phone, description from quote_requests
        where id > ${after} order by id limit ${backfillBatch}`.execute(db);
    const batch = rows.map((row) => v.parse(StoredRowSchema, row));
    const last = batch.at(-1);
    if (last === undefined) return;
    const values = batch.map((row) => {
      const createdAt = new Date(row.created_at);
      const due = dueAt({ createdAt, urgent: row.urgent === true || row.urgent === 1 }).toISOString();
      // Fields added after this migration are absent from every row it backfills.
      return sql`(${row.id}, ${timestamp(due)}, ${searchTextOf({ ...row, postcode: null })})`;
    });
    // VALUES names its columns column1, column2, ... in both databases.
    await sql`update quote_requests set due_at = v.column2, search_text = v.column3
        from (values ${sql.join(values)}) as v where quote_requests.id = v.column1`.execute(db);
    after = last.id;
  }
}

async function createHistoryAndNotes(db: Kysely<unknown>, dialect: SqlDialectName): Promise<void> {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  // An integer key in insertion order: SQLite numbers its INTEGER PRIMARY KEY itself.
  const insertionOrder = dialect === 'postgres' ? sql`integer generated always as identity primary key` : sql`integer primary key`;
  await sql`create table quote_status_changes (
      id ${insertionOrder},
      quote_id text not null references quote_requests (id) on delete cascade,
      from_status text not null,
      to_status text not null,
      changed_by text not null,
      changed_at ${sql.raw(timestamp)} not null,
      constraint quote_status_changes_from_status check (from_status in (${statusList})),
      constraint quote_status_changes_to_status check (to_status in (${statusList}) and to_status <> from_status),
      constraint quote_status_changes_changed_by_length check (length(changed_by) between 1 and ${sql.lit(staffEmailMaxLength)})
    )`.execute(db);
  await sql`create table quote_notes (
      seq ${insertionOrder},
      id text not null unique,
      quote_id text not null references quote_requests (id) on delete cascade,
      text text not null,
      written_by text not null,
      written_at ${sql.raw(timestamp)} not null,
      constraint quote_notes_text_length check (length(text) between 1 and ${sql.lit(noteMaxLength)}),
      constraint quote_notes_written_by_length check (length(written_by) between 1 and ${sql.lit(staffEmailMaxLength)})
    )`.execute(db);
  // Read a page's worth at a time by quote_id, and needed by the cascade when a request is deleted.
  await sql`create index quote_status_changes_by_quote on quote_status_changes (quote_id)`.execute(db);
  await sql`create index quote_notes_by_quote on quote_notes (quote_id)`.execute(db);
}

async function createIndexes(db: Kysely<unknown>, dialect: SqlDialectName): Promise<void> {
  // PostgreSQL compares ids in the database's collation unless told otherwise; the inbox orders them as
  // JavaScript does, by code unit, which for these ids is the C collation's byte order.
  const id = dialect === 'postgres' ? sql`id collate "C"` : sql`id`;
  // The inbox breaks ties by id, no longer by insertion order: this index replaces 001's.
  await sql`drop index quote_requests_newest_first`.execute(db);
  // The 'all' view and every filter without a status: newest first, from the index alone.
  await sql`create index quote_requests_newest on quote_requests (created_at desc, ${id} desc)`.execute(db);
  // The waiting view: the few requests still 'new', by when they fall due.
  await sql`create index quote_requests_waiting on quote_requests (due_at, ${id}) where status = 'new'`.execute(db);
  // The other views: one status, newest first.
  await sql`create index quote_requests_by_status on quote_requests (status, created_at desc, ${id} desc)`.execute(db);
  await (dialect === 'postgres' ? createTrigramIndex(db) : createTrigramTable(db));
}

/**
 * SQLite's twin of pg_trgm: an FTS5 table with the trigram tokenizer finds the requests holding a word
 * of three characters or more without reading every row. Case-sensitive, as search_text is already
 * lower-cased; contentless, as quote_requests keeps the text. It is keyed by seq, which (unlike the
 * rowid it copies) no VACUUM renumbers; triggers keep it in step with quote_requests.
 */
async function createTrigramTable(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`create virtual table quote_requests_search using fts5(search_text, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1')`,
    sql`insert into quote_requests_search (rowid, search_text) select seq, search_text from quote_requests`,
    // On insert seq is still null (001's trigger copies the rowid into it after); the rowid is its value.
    sql`create trigger quote_requests_search_on_insert after insert on quote_requests for each row
        begin insert into quote_requests_search (rowid, search_text) values (coalesce(new.seq, new.rowid), new.search_text); end`,
    sql`create trigger quote_requests_search_on_update after update of search_text on quote_requests for each row
        begin
          delete from quote_requests_search where rowid = old.seq;
          insert into quote_requests_search (rowid, search_text) values (new.seq, new.search_text);
        end`,
    sql`create trigger quote_requests_search_on_delete after delete on quote_requests for each row
        begin delete from quote_requests_search where rowid = old.seq; end`,
    // From the search's matches back to their requests.
    sql`create unique index quote_requests_by_seq on quote_requests (seq)`,
  ]) {
    await statement.execute(db);
  }
}

/**
 * A search looks for words anywhere in the text, which no b-tree can find. pg_trgm's GIN index can, for
 * words of three characters or more. The extension is per database, so it goes in `public` where every
 * schema can reach it (an extension in a schema of its own would go when that schema is dropped); a
 * server without it, or a role that may not create it, searches by scanning instead.
 */
async function createTrigramIndex(db: Kysely<unknown>): Promise<void> {
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
  }
  // Wherever it is now: it may have been there before, or another migration may have just created it.
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (schema === undefined) return;
  await sql`create index quote_requests_search on quote_requests using gin (search_text ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
}
