import { type Kysely, sql } from 'kysely';

/**
 * Replaces the CREATE TABLE text SQLite keeps for `table` with `rewrite` of it, inside the caller's
 * transaction, as https://sqlite.org/lang_altertable.html#otheralter describes: only for changes that
 * leave every row as it is stored valid (here, a CHECK allowing one more value). Needs SQLite's
 * defensive flag off (allowingSchemaRewrites); checks the file after.
 */
export async function rewriteSqliteTable(db: Kysely<unknown>, table: string, rewrite: (text: string) => string): Promise<void> {
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
