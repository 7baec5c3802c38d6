// Test-only: a database whose disk is full, for real. SQLite's max_page_count makes the file full on
// the connection it is set on, and SQLite then refuses with its genuine SQLITE_FULL ("database or disk
// is full"). PostgreSQL's disk cannot be filled per test; a trigger refuses the chosen writes with its
// genuine disk_full code (53100) and the message PostgreSQL gives when the file system is full.
import { type Kysely, sql } from 'kysely';
import { type Database, sqlDialectOf } from './database';

/** SQLite's default limit: about a billion pages. */
const sqliteUnlimited = 1_073_741_823;

/**
 * Fills the disk under `db`. SQLite: the file may not grow past its present size, and every free page
 * and every byte left in the filler's pages is used up, so anything that needs a page more is refused.
 * PostgreSQL: writes to `tables` are refused as on a full disk (inserts, and updates of `columns`).
 */
export async function fillDisk(db: Kysely<Database>, refused: { table: keyof Database; updatesOf?: string[] }[]): Promise<void> {
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

/** Frees the disk `fillDisk` filled. */
export async function freeDisk(db: Kysely<Database>, refused: { table: keyof Database }[]): Promise<void> {
  if (sqlDialectOf(db) === 'sqlite') {
    await sql.raw(`pragma max_page_count = ${sqliteUnlimited}`).execute(db);
    await sql`delete from disk_filler`.execute(db);
    return;
  }
  for (const { table } of refused) await sql`drop trigger ${sql.id(`disk_full_${table}`)} on ${sql.table(table)}`.execute(db);
}
