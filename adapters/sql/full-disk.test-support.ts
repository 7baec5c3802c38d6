// Test-only: a database whose disk is full, for real. SQLite's max_page_count makes the file full on
// the connection it is set on, and SQLite then refuses with its genuine SQLITE_FULL ("database or disk
// is full"). PostgreSQL's disk cannot be filled per test; a trigger refuses the chosen writes with its
// genuine disk_full code (53100) and the message PostgreSQL gives when the file system is full.
import { type Kysely, sql } from 'kysely';
import { type Database, sqlDialectOf } from './database';

/** A table whose inserts are refused, and whose updates of `updatesOf` are too (an outbox's `sent_at`). */
export interface Refused {
  table: keyof Database;
  updatesOf?: string[];
}

/** SQLite's default limit: about a billion pages. */
const sqliteUnlimited = 1_073_741_823;

/**
 * Fills the disk under `db`. SQLite: the file may not grow past its present size, and every free page
 * and every byte left in the filler's pages is used up, so anything that needs a page more is refused.
 * An outbox in `refused` with `updatesOf` has the room left in its pages taken too, by its unsent rows'
 * `last_error` growing until there is none: marking one of them sent (a longer row) is then refused.
 * PostgreSQL: writes to `refused` are refused as on a full disk (inserts, and updates of `updatesOf`).
 */
export async function fillDisk(db: Kysely<Database>, refused: Refused[]): Promise<void> {
  if (sqlDialectOf(db) === 'sqlite') {
    await sql`create table if not exists disk_filler (padding blob)`.execute(db);
    // It cannot be set below the file's size: the file is full at the size it has.
    await sql`pragma max_page_count = 1`.execute(db);
    for (let bytes = 4096; bytes >= 1; bytes = Math.floor(bytes / 4)) {
      for (;;) {
        try {
          await sql`insert into disk_filler (padding) values (zeroblob(${bytes}))`.execute(db);
        } catch {
          break;
        }
      }
    }
    for (const { table, updatesOf } of refused) {
      if (updatesOf !== undefined && (table === 'notifications' || table === 'alert_deliveries')) await fillPagesOf(db, table);
    }
    return;
  }
  await sql`create or replace function refuse_as_disk_full() returns trigger language plpgsql as $$
    begin
      raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
    end $$`.execute(db);
  for (const { table, updatesOf } of refused) {
    const events = updatesOf === undefined ? sql`insert` : sql`insert or update of ${sql.join(updatesOf.map((column) => sql.ref(column)))}`;
    await sql`create trigger ${sql.id(`disk_full_${table}`)} before ${events} on ${sql.table(table)}
      for each row execute function refuse_as_disk_full()`.execute(db);
  }
}

/** Grows each unsent row's `last_error` (at most 500 characters) until its page and its neighbours have no room left. */
async function fillPagesOf(db: Kysely<Database>, table: 'notifications' | 'alert_deliveries'): Promise<void> {
  const rows = await db.selectFrom(table).select('id').where('sent_at', 'is', null).execute();
  for (const step of [128, 32, 8, 2, 1]) {
    for (let grown = true; grown; ) {
      grown = false;
      for (const { id } of rows) {
        try {
          const { numUpdatedRows } = await db
            .updateTable(table)
            .set((eb) => ({ last_error: sql<string>`substr(coalesce(${eb.ref('last_error')}, '') || ${'x'.repeat(step)}, 1, 500)` }))
            .where('id', '=', id)
            .where(sql<number>`length(coalesce(last_error, ''))`, '<', 500)
            .executeTakeFirst();
          if (numUpdatedRows > 0n) grown = true;
        } catch {
          // Full where this row lives.
        }
      }
    }
  }
}

/** Frees the disk `fillDisk` filled. */
export async function freeDisk(db: Kysely<Database>, refused: Refused[]): Promise<void> {
  if (sqlDialectOf(db) === 'sqlite') {
    await sql.raw(`pragma max_page_count = ${sqliteUnlimited}`).execute(db);
    await sql`delete from disk_filler`.execute(db);
    return;
  }
  for (const { table } of refused) await sql`drop trigger ${sql.id(`disk_full_${table}`)} on ${sql.table(table)}`.execute(db);
}
