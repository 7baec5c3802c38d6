import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { scratchDatabase } from './scratch-database.test-support';

test('sqlite: the file is opened in WAL mode, synced on every commit, waiting on locks, with foreign keys', async () => {
  const scratch = await scratchDatabase('sqlite');
  const db = scratch.open();
  try {
    const pragma = async (name: string) => (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows;
    expect(await pragma('journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    expect(await pragma('synchronous')).toEqual([{ synchronous: 2 }]); // FULL
    expect(await pragma('busy_timeout')).toEqual([{ timeout: 5000 }]);
    expect(await pragma('foreign_keys')).toEqual([{ foreign_keys: 1 }]);
  } finally {
    await db.destroy();
    await scratch.drop();
  }
});

test('postgres: every pooled connection uses the schema it was opened with', async () => {
  const scratch = await scratchDatabase('postgres');
  const db = scratch.open();
  try {
    // Queries that overlap make the pool open several connections.
    const schemas = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema, pg_sleep(0.05)`.execute(db);
        return rows[0]?.schema;
      }),
    );
    expect(new Set(schemas).size).toBe(1);
    expect(schemas[0]).toMatch(/^test_quotes_/);
  } finally {
    await db.destroy();
    await scratch.drop();
  }
});
