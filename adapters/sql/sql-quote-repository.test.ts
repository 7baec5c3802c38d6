import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { quoteRepositoryContract } from '../contracts/quote-repository.test-support';
import { quoteRetentionContract } from '../contracts/quote-retention.test-support';
import { listAll, requestOf } from '../contracts/store-under-test.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { migrateToLatest } from './migrate';
import { scratchDatabase, sqlDialects } from './scratch-database.test-support';
import { SqlQuoteInbox } from './sql-quote-inbox';
import { SqlQuoteRepository } from './sql-quote-repository';
import { makeSqlStore, withSqlStore } from './sql-store.test-support';

for (const dialect of sqlDialects) {
  quoteRepositoryContract(`SqlQuoteRepository on ${dialect}`, ({ now }) => makeSqlStore(dialect, { now }));
  quoteRetentionContract(`SqlQuoteRepository on ${dialect}`, ({ now }) => makeSqlStore(dialect, { now }));
}

const quote = sampleQuote({ name: 'Sean Gallagher', email: null, phone: '07700 900871', postcode: 'SE1 7PB', description: 'Burst pipe under the stairs.', urgent: true });

for (const dialect of sqlDialects) {
  test(`${dialect}: among quotes stored at the same time, the inbox lists the higher id first, whatever the insertion order`, async () => {
    let id = 0;
    // Ids that sort against insertion order, so only the ids can explain the result.
    const ids = ['q2', 'q5', 'q1', 'q4', 'q3'];
    await withSqlStore(dialect, { now: () => new Date('2024-05-01T09:00:00Z') }, async ({ db, inbox }) => {
      const repository = new SqlQuoteRepository(db, { now: () => new Date('2024-05-01T09:00:00Z'), newId: () => ids[id++] ?? 'none' });
      for (const expected of ids) expect((await repository.insert(quote)).id).toBe(expected);
      expect((await listAll(inbox, new Date())).map(({ id }) => id)).toEqual(['q5', 'q4', 'q3', 'q2', 'q1']);
    });
  });

  test(`${dialect}: a stored quote survives closing and reopening the database`, async () => {
    const scratch = await scratchDatabase(dialect);
    try {
      const first = scratch.open();
      await migrateToLatest(first);
      const stored = requestOf(await new SqlQuoteRepository(first).insert(quote));
      await first.destroy();

      const reopened = scratch.open();
      try {
        await migrateToLatest(reopened);
        expect(await listAll(new SqlQuoteInbox(reopened), new Date())).toEqual([stored]);
      } finally {
        await reopened.destroy();
      }
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
      const stored = requestOf(await repository.insert(quote));
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
      expect((await listAll(new SqlQuoteInbox(db), new Date())).map(({ name }) => name)).toEqual([quote.name]);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}

test('sqlite: times are stored as ISO text with milliseconds, with the due time and the search text', async () => {
  await withSqlStore('sqlite', { now: () => new Date('2024-05-01T09:00:00Z') }, async ({ db, repository }) => {
    await repository.insert(quote);
    const { rows } = await sql<Record<string, unknown>>`select created_at, seq, urgent, status, responded_at, due_at, search_text from quote_requests`.execute(db);
    expect(rows).toEqual([
      {
        created_at: '2024-05-01T09:00:00.000Z',
        seq: 1,
        urgent: 1,
        status: 'new',
        responded_at: null,
        // Urgent: due 30 minutes after it came in.
        due_at: '2024-05-01T09:30:00.000Z',
        search_text: 'sean gallagher\n07700 900871\n07700900871\n\nse1 7pb\nburst pipe under the stairs.',
      },
    ]);
  });
});
