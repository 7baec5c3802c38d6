import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect, test } from 'vitest';
import type { NewQuote } from '../../domain/quote/quote';
import { listAll, requestOf } from '../contracts/store-under-test.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import type { Database, SqlDialectName } from './database';
import { migrateToLatest } from './migrate';
import { scratchDatabase, sqlDialects } from './scratch-database.test-support';
import { SqlQuoteInbox } from './sql-quote-inbox';
import { SqlQuoteRepository } from './sql-quote-repository';

// SqlQuoteRepository with `notify`: each request's emails are written to the outbox in its transaction.

const quote = sampleQuote({ email: null });

/** A migrated database of its own for one test. */
async function withDatabase(dialect: SqlDialectName, use: (db: Kysely<Database>) => Promise<void>): Promise<void> {
  const scratch = await scratchDatabase(dialect);
  const db = scratch.open();
  try {
    await migrateToLatest(db);
    await use(db);
  } finally {
    await db.destroy();
    await scratch.drop();
  }
}

/** Every notification as stored, with times read as Dates, in a stable order. */
async function storedNotifications(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('notifications')
    .select(['quote_id', 'kind', 'created_at', 'next_attempt_at', 'sent_at', 'attempts', 'last_error'])
    .orderBy('quote_id')
    .orderBy('kind')
    .execute();
  return rows.map(({ created_at, next_attempt_at, sent_at, ...row }) => ({
    ...row,
    createdAt: new Date(created_at),
    nextAttemptAt: new Date(next_attempt_at),
    sentAt: sent_at === null ? null : new Date(sent_at),
  }));
}

const withEmail: NewQuote = { ...quote, email: 'sean.gallagher@example.org' };

for (const dialect of sqlDialects) {
  test(`${dialect}: with notify, insert writes an email to the business, and one to the customer only when they gave an address, due at once`, async () => {
    await withDatabase(dialect, async (db) => {
      const at = new Date('2024-05-01T09:00:00Z');
      let id = 0;
      const repository = new SqlQuoteRepository(db, { now: () => at, newId: () => `q${++id}`, notify: true });
      const stored = requestOf(await repository.insert(withEmail));
      expect(stored).toMatchObject({ id: 'q1' });
      await repository.insert(quote);

      const pending = { createdAt: at, nextAttemptAt: at, sentAt: null, attempts: 0, last_error: null };
      expect(await storedNotifications(db)).toEqual([
        { quote_id: 'q1', kind: 'business', ...pending },
        { quote_id: 'q1', kind: 'customer', ...pending },
        { quote_id: 'q2', kind: 'business', ...pending },
      ]);
      // Stored just as listed, so what insert answers and what staff see agree.
      expect(await listAll(new SqlQuoteInbox(db), at)).toEqual([{ ...quote, id: 'q2', createdAt: at }, stored]);
    });
  });

  test(`${dialect}: without notify, insert writes no notification`, async () => {
    await withDatabase(dialect, async (db) => {
      await new SqlQuoteRepository(db).insert(withEmail);
      expect(await storedNotifications(db)).toEqual([]);
    });
  });

  test(`${dialect}: with notify, a request and its notifications are stored together or not at all`, async () => {
    await withDatabase(dialect, async (db) => {
      const repository = new SqlQuoteRepository(db, { notify: true });
      // The request itself is refused (a CHECK constraint): no notification is left behind.
      await expect(repository.insert({ ...withEmail, name: 'x'.repeat(1000) })).rejects.toThrow('quote_requests_name_length');
      // The request is written, then its notifications fail: the request is undone with them.
      await sql`alter table notifications rename to notifications_elsewhere`.execute(db);
      await expect(repository.insert(withEmail)).rejects.toThrow();
      await sql`alter table notifications_elsewhere rename to notifications`.execute(db);

      expect(await listAll(new SqlQuoteInbox(db), new Date())).toEqual([]);
      expect(await storedNotifications(db)).toEqual([]);
      // And the repository still works afterwards.
      await repository.insert(withEmail);
      expect(await storedNotifications(db)).toHaveLength(2);
    });
  });

  test(`${dialect}: with notify, delete and the purge take a request's notifications along, and count only requests`, async () => {
    await withDatabase(dialect, async (db) => {
      let time = Date.parse('2024-05-01T09:00:00Z');
      const repository = new SqlQuoteRepository(db, { now: () => new Date(time), notify: true });
      const old = requestOf(await repository.insert(withEmail));
      time += 60_000;
      const deleted = requestOf(await repository.insert({ ...withEmail, email: 'deleted@example.org' }));
      time += 60_000;
      const kept = requestOf(await repository.insert({ ...withEmail, email: 'kept@example.org' }));

      expect(await repository.delete(deleted.id)).toBe(true);
      expect(await repository.deleteCreatedBefore(new Date(old.createdAt.getTime() + 1))).toBe(1);
      expect(await listAll(new SqlQuoteInbox(db), new Date())).toEqual([kept]);
      expect((await storedNotifications(db)).map(({ quote_id, kind }) => ({ quote_id, kind }))).toEqual([
        { quote_id: kept.id, kind: 'business' },
        { quote_id: kept.id, kind: 'customer' },
      ]);
    });
  });
}

/** The kinds of notification each request has, in the order the requests were stored. */
async function kindsByRequest(db: Kysely<Database>, ids: readonly string[]): Promise<string[][]> {
  const rows = await db.selectFrom('notifications').select(['quote_id', 'kind']).orderBy('kind').execute();
  return ids.map((id) => rows.filter((row) => row.quote_id === id).map(({ kind }) => kind));
}

const hour = 3_600_000;

for (const dialect of sqlDialects) {
  test(`${dialect}: at most one confirmation goes to an address a day, whatever its case; every request is stored and the business told`, async () => {
    await withDatabase(dialect, async (db) => {
      const start = Date.parse('2024-05-01T09:00:00Z');
      let time = start;
      const repository = new SqlQuoteRepository(db, { now: () => new Date(time), notify: true });
      const sent: string[] = [];
      const send = async (email: string | null, at: number) => {
        time = at;
        sent.push((await repository.insert({ ...withEmail, email })).id);
      };
      await send('sean.gallagher@example.org', start);
      await send('sean.gallagher@example.org', start + hour);
      await send('Sean.Gallagher@EXAMPLE.org', start + 2 * hour);
      await send(' sean.gallagher@example.org ', start + 3 * hour);
      await send('someone.else@example.org', start + 4 * hour);
      await send(null, start + 5 * hour);
      await send('sean.gallagher@example.org', start + 24 * hour - 1);
      // A day after the first, another may go; the day then counts from that one.
      await send('SEAN.GALLAGHER@example.org', start + 24 * hour);
      await send('sean.gallagher@example.org', start + 47 * hour);
      await send('sean.gallagher@example.org', start + 48 * hour);

      const both = ['business', 'customer'];
      const businessOnly = ['business'];
      expect(await kindsByRequest(db, sent)).toEqual([
        both,
        businessOnly,
        businessOnly,
        businessOnly,
        both,
        businessOnly,
        businessOnly,
        both,
        businessOnly,
        both,
      ]);
      expect(await listAll(new SqlQuoteInbox(db), new Date(time))).toHaveLength(sent.length);
    });
  });

  test(`${dialect}: the limit keeps a hash of the address, never the address, and the purge deletes it once a day old`, async () => {
    await withDatabase(dialect, async (db) => {
      let time = Date.parse('2024-05-01T09:00:00Z');
      const repository = new SqlQuoteRepository(db, { now: () => new Date(time), notify: true });
      await repository.insert({ ...withEmail, email: 'Sean.Gallagher@example.org' });
      const first = new Date(time);
      time += 12 * hour;
      await repository.insert({ ...withEmail, email: 'later@example.org' });

      const rows = await db.selectFrom('customer_confirmations').select(['address_hash', 'confirmed_at']).orderBy('confirmed_at').execute();
      expect(rows.map(({ address_hash, confirmed_at }) => ({ address_hash, confirmedAt: new Date(confirmed_at) }))).toEqual([
        { address_hash: createHash('sha256').update('sean.gallagher@example.org').digest('hex'), confirmedAt: first },
        { address_hash: createHash('sha256').update('later@example.org').digest('hex'), confirmedAt: new Date(time) },
      ]);

      // Half a day on, the purge (whatever requests it deletes) deletes the record a day old, and only that.
      time += 12 * hour;
      expect(await repository.deleteCreatedBefore(new Date(0))).toBe(0);
      expect(await db.selectFrom('customer_confirmations').select('address_hash').execute()).toEqual([
        { address_hash: createHash('sha256').update('later@example.org').digest('hex') },
      ]);
    });
  });
}

test('postgres: requests from one address sent at the same moment get exactly one confirmation between them', async () => {
  await withDatabase('postgres', async (db) => {
    const at = new Date('2024-05-01T09:00:00Z');
    const repository = new SqlQuoteRepository(db, { now: () => at, notify: true });
    for (let round = 0; round < 5; round += 1) {
      const email = `same.moment.${round}@example.org`;
      const stored = await Promise.all(
        Array.from({ length: 8 }, (_, index) => repository.insert({ ...withEmail, name: `At once ${index}`, email: index % 2 === 0 ? email : email.toUpperCase() })),
      );
      const kinds = await kindsByRequest(db, stored.map(({ id }) => id));
      expect(kinds.filter((each) => each.includes('customer'))).toHaveLength(1);
      expect(kinds.every((each) => each.includes('business'))).toBe(true);
    }
  });
});
