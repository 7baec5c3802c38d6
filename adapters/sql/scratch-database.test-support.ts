// Test and benchmark only: imported by the *.test.ts files beside it and by inbox.bench.ts, never by the server.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { type Database, type SqlDialectName, openPostgresDatabase, openSqliteDatabase } from './database';

/** Both databases; tests loop over these, as Kysely's own tests loop over its dialects. */
export const sqlDialects: readonly SqlDialectName[] = ['sqlite', 'postgres'];

/** The server on this machine and in CI. When it is down, the PostgreSQL tests fail rather than skip. */
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** An empty database of its own for one test: open it as often as needed, then drop it. */
export interface ScratchDatabase {
  /** Opens a new connection (pool or file handle); the test destroys it. */
  open(): Kysely<Database>;
  /** Removes the file or schema and everything in it. */
  drop(): Promise<void>;
}

/** A fresh SQLite file in a temporary directory, or a fresh PostgreSQL schema. */
export async function scratchDatabase(dialect: SqlDialectName): Promise<ScratchDatabase> {
  return dialect === 'sqlite' ? scratchSqlite() : scratchPostgres();
}

async function scratchSqlite(): Promise<ScratchDatabase> {
  const directory = await mkdtemp(join(tmpdir(), 'quotes-'));
  const file = join(directory, 'data', 'quotes.sqlite');
  return {
    open: () => openSqliteDatabase(file),
    drop: () => rm(directory, { recursive: true, force: true }),
  };
}

async function scratchPostgres(): Promise<ScratchDatabase> {
  const schema = `test_quotes_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = openPostgresDatabase(postgresUrl);
  try {
    await sql`create schema ${sql.id(schema)}`.execute(admin);
  } catch (error) {
    await admin.destroy();
    throw error;
  }
  return {
    open: () => openPostgresDatabase(postgresUrl, { schema }),
    drop: async () => {
      try {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
      } finally {
        await admin.destroy();
      }
    },
  };
}
