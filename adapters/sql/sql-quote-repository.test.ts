import { sql } from 'kysely';
import { expect, test } from 'vitest';
import type { NewQuote } from '../../domain/quote';
import { quoteRepositoryContract } from '../quote-repository.contract';
import { migrateToLatest } from './migrate';
import { scratchDatabase, sqlDialects } from './scratch-database';
import { SqlQuoteRepository } from './sql-quote-repository';

for (const dialect of sqlDialects) {
  quoteRepositoryContract(`SqlQuoteRepository on ${dialect}`, async ({ now }) => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    const cleanup = async () => {
      await db.destroy();
      await scratch.drop();
    };
    try {
      await migrateToLatest(db);
    } catch (error) {
      await cleanup();
      throw error;
    }
    return { repository: new SqlQuoteRepository(db, { now }), cleanup };
  });
}

const quote: NewQuote = {
  name: 'Sean Gallagher',
  email: null,
  phone: '07700 900871',
  serviceType: 'emergency',
  description: 'Burst pipe under the stairs.',
  urgent: true,
};

for (const dialect of sqlDialects) {
  test(`${dialect}: among quotes stored at the same time, the later insert comes first`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db);
      let id = 0;
      // Ids that sort against insertion order, so only the insertion order can explain the result.
      const repository = new SqlQuoteRepository(db, {
        now: () => new Date('2024-05-01T09:00:00Z'),
        newId: () => `q${9 - ++id}`,
      });
      for (let i = 0; i < 5; i++) await repository.insert(quote);
      expect((await repository.listNewestFirst()).map(({ id }) => id)).toEqual(['q4', 'q5', 'q6', 'q7', 'q8']);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });

  test(`${dialect}: after a delete, a new insert still comes first among quotes stored at the same time`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db);
      let id = 0;
      const repository = new SqlQuoteRepository(db, { now: () => new Date('2024-05-01T09:00:00Z'), newId: () => `q${++id}` });
      for (let i = 0; i < 3; i++) await repository.insert(quote);
      // The newest row goes, so SQLite hands its rowid to the next insert: still above every other.
      expect(await repository.delete('q3')).toBe(true);
      await repository.insert(quote);
      expect((await repository.listNewestFirst()).map(({ id }) => id)).toEqual(['q4', 'q2', 'q1']);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });

  test(`${dialect}: a stored quote survives closing and reopening the database`, async () => {
    const scratch = await scratchDatabase(dialect);
    try {
      const first = scratch.open();
      await migrateToLatest(first);
      const stored = await new SqlQuoteRepository(first).insert(quote);
      await first.destroy();

      const reopened = scratch.open();
      try {
        await migrateToLatest(reopened);
        expect(await new SqlQuoteRepository(reopened).listNewestFirst()).toEqual([stored]);
      } finally {
        await reopened.destroy();
      }
    } finally {
      await scratch.drop();
    }
  });

  test(`${dialect}: isReachable is true while open and false once destroyed`, async () => {
    const scratch = await scratchDatabase(dialect);
    try {
      const db = scratch.open();
      const repository = new SqlQuoteRepository(db);
      expect(await repository.isReachable()).toBe(true);
      await db.destroy();
      expect(await repository.isReachable()).toBe(false);
    } finally {
      await scratch.drop();
    }
  });

  test(`${dialect}: deletes reject once the database is closed`, async () => {
    const scratch = await scratchDatabase(dialect);
    try {
      const db = scratch.open();
      await migrateToLatest(db);
      const repository = new SqlQuoteRepository(db);
      const stored = await repository.insert(quote);
      await db.destroy();
      await expect(repository.delete(stored.id)).rejects.toThrow();
      await expect(repository.deleteCreatedBefore(new Date('2100-01-01T00:00:00Z'))).rejects.toThrow();
    } finally {
      await scratch.drop();
    }
  });

  test(`${dialect}: a failed query rejects the call and stores nothing`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db);
      const repository = new SqlQuoteRepository(db, { newId: () => 'same-id' });
      await repository.insert(quote);
      await expect(repository.insert({ ...quote, name: 'Someone else' })).rejects.toThrow();
      expect((await repository.listNewestFirst()).map(({ name }) => name)).toEqual([quote.name]);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}

test('sqlite: times are stored as ISO text with milliseconds, and the trigger numbers each insert', async () => {
  const scratch = await scratchDatabase('sqlite');
  const db = scratch.open();
  try {
    await migrateToLatest(db);
    await new SqlQuoteRepository(db, { now: () => new Date('2024-05-01T09:00:00Z') }).insert(quote);
    const { rows } = await sql<{ created_at: unknown; seq: unknown; urgent: unknown }>`select created_at, seq, urgent from quote_requests`.execute(db);
    expect(rows).toEqual([{ created_at: '2024-05-01T09:00:00.000Z', seq: 1, urgent: 1 }]);
  } finally {
    await db.destroy();
    await scratch.drop();
  }
});
