import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { type Kysely, sql, type Transaction } from 'kysely';
import { expect, test } from 'vitest';
import { type Database, openSqliteDatabase } from './database';
import { writeTransaction } from './group-commit';
import { scratchDatabase } from './scratch-database.test-support';

/** A SQLite file of its own with one table, and a second connection to read it as another process would. */
async function withSqlite(run: (db: Kysely<Database>, readCommitted: (id: string) => boolean) => Promise<void>) {
  const directory = await mkdtemp(join(tmpdir(), 'group-commit-'));
  const file = join(directory, 'data', 'writes.sqlite');
  const db = openSqliteDatabase(file);
  try {
    await sql`create table writes (id text primary key, seen integer not null)`.execute(db);
    const other = new DatabaseSync(file, { readOnly: true });
    try {
      await run(db, (id) => other.prepare('select 1 from writes where id = ?').get(id) !== undefined);
    } finally {
      other.close();
    }
  } finally {
    await db.destroy();
    await rm(directory, { recursive: true, force: true });
  }
}

/** Inserts a row, noting how many rows it could see in its transaction. */
const insertRow = (id: string) => async (tx: Transaction<Database>) => {
  const { rows } = await sql<{ count: number }>`select count(*) as count from writes`.execute(tx);
  const seen = Number(rows[0]?.count);
  await sql`insert into writes (id, seen) values (${id}, ${seen})`.execute(tx);
  return { tx, seen };
};

test('on SQLite, writes asked for together share one commit, and each is answered only once another connection can read it', async () => {
  await withSqlite(async (db, readCommitted) => {
    const ids = Array.from({ length: 40 }, (_, index) => `write-${index}`);
    const readableWhenAnswered: boolean[] = [];
    const results = await Promise.all(
      ids.map((id) =>
        writeTransaction(db, insertRow(id)).then((result) => {
          readableWhenAnswered.push(readCommitted(id));
          return result;
        }),
      ),
    );
    expect(readableWhenAnswered).toEqual(ids.map(() => true));
    // Asked for in the same turn of the event loop: one transaction held them all, and in it each saw those before it.
    expect(new Set(results.map(({ tx }) => tx)).size).toBe(1);
    expect(results.map(({ seen }) => seen)).toEqual(ids.map((_, index) => index));
  });
});

test('on SQLite, writes asked for while a commit is under way go together into the next', async () => {
  await withSqlite(async (db) => {
    const first = writeTransaction(db, insertRow('first'));
    // Asked for on the next turn, when the first batch has begun.
    await new Promise((resolve) => setImmediate(resolve));
    const later = await Promise.all(Array.from({ length: 10 }, (_, index) => writeTransaction(db, insertRow(`later-${index}`))));
    const { tx } = await first;
    expect(new Set(later.map((result) => result.tx)).size).toBe(1);
    expect(later[0]?.tx).not.toBe(tx);
  });
});

test('on SQLite, a write that fails fails alone: nothing of it is stored, and every other write of its batch is', async () => {
  await withSqlite(async (db, readCommitted) => {
    const failing = async (tx: Transaction<Database>) => {
      await sql`insert into writes (id, seen) values ('half-done', 0)`.execute(tx);
      throw new Error('refused after its first row');
    };
    const outcomes = await Promise.allSettled([
      writeTransaction(db, insertRow('before')),
      writeTransaction(db, failing),
      writeTransaction(db, insertRow('after')),
      // The same key as the one before it: the database refuses it.
      writeTransaction(db, insertRow('after')),
    ]);
    expect(outcomes.map(({ status }) => status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(outcomes[1]).toMatchObject({ reason: new Error('refused after its first row') });
    expect(readCommitted('before')).toBe(true);
    expect(readCommitted('after')).toBe(true);
    expect(readCommitted('half-done')).toBe(false);
    const { rows } = await sql<{ id: string }>`select id from writes order by id`.execute(db);
    expect(rows.map(({ id }) => id)).toEqual(['after', 'before']);
  });
});

test('on PostgreSQL, each write is a transaction of its own, committed when it is answered', async () => {
  const scratch = await scratchDatabase('postgres');
  const db = scratch.open();
  const reader = scratch.open();
  try {
    await sql`create table writes (id text primary key, seen integer not null)`.execute(db);
    const results = await Promise.all(
      ['one', 'two', 'three'].map((id) =>
        writeTransaction(db, insertRow(id)).then(async (result) => {
          const { rows } = await sql`select 1 from writes where id = ${id}`.execute(reader);
          return { ...result, readable: rows.length === 1 };
        }),
      ),
    );
    expect(new Set(results.map(({ tx }) => tx)).size).toBe(3);
    expect(results.map(({ readable }) => readable)).toEqual([true, true, true]);
  } finally {
    await reader.destroy();
    await db.destroy();
    await scratch.drop();
  }
});
