// One rule, every engine: with the urgent promise in domain/business.ts made 45 minutes instead of 30,
// the demo's memory store, the server's SQL store and the business email all count 45 minutes. Only
// that value changes (vi.mock keeps the rest of the module as it is), so whatever still said 30 would
// be a copy typed in by hand. Replacing a module of our own is otherwise not done here; this replaces
// a constant, not behaviour.
import { sql } from 'kysely';
import { expect, test, vi } from 'vitest';
import type * as Business from '../domain/business';
import { defaultInboxQuery } from '../domain/inbox/inbox-query';
import type { NewQuote } from '../domain/quote/quote';
import { sampleQuote } from '../fixtures/sample-request.test-support';
import { businessEmail } from './email/business-email';
import { InMemoryQuoteRepository } from './memory/in-memory-quote-repository';
import { migrateToLatest } from './sql/migrate';
import { scratchDatabase } from './sql/scratch-database.test-support';
import { SqlQuoteRepository } from './sql/sql-quote-repository';

// Hoisted with vi.mock, which runs before this file's other lines.
const { promisedMinutes } = vi.hoisted(() => ({ promisedMinutes: 45 }));

vi.mock('../domain/business', async (importOriginal) => {
  const original = await importOriginal<typeof Business>();
  return { ...original, responsePromise: { ...original.responsePromise, urgentMinutes: promisedMinutes } };
});

const urgent: NewQuote = sampleQuote({ serviceType: 'emergency', urgent: true });
const createdAt = new Date('2026-03-02T10:00:00.000Z');
const minutesAfter = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000);

test('the demo\'s memory store: an urgent request falls due 45 minutes after it came in, and is overdue only then', async () => {
  const store = new InMemoryQuoteRepository({ now: () => createdAt });
  await store.insert(urgent);
  await store.insert(urgent);
  const firstOf = async (now: Date) => (await store.findPage({ query: defaultInboxQuery, after: null, limit: 1, now })).next;
  expect(await firstOf(minutesAfter(44))).toMatchObject({ order: 'waiting', dueAt: minutesAfter(promisedMinutes), overdueUrgent: false });
  expect(await firstOf(minutesAfter(46))).toMatchObject({ order: 'waiting', dueAt: minutesAfter(promisedMinutes), overdueUrgent: true });
});

test('the server\'s SQL store on SQLite stores an urgent request due 45 minutes after it came in', async () => {
  const database = await scratchDatabase('sqlite');
  const db = database.open();
  try {
    await migrateToLatest(db);
    await new SqlQuoteRepository(db, { now: () => createdAt }).insert(urgent);
    const { rows } = await sql<{ due_at: string }>`select due_at from quote_requests`.execute(db);
    expect(rows).toEqual([{ due_at: minutesAfter(promisedMinutes).toISOString() }]);
  } finally {
    await db.destroy();
    await database.drop();
  }
});

test('the business email promises a call back within 45 minutes', () => {
  const email = businessEmail({ ...urgent, id: 'q-1', createdAt }, { to: 'office@example.co.uk' });
  expect(email.text).toContain(`Call back within ${promisedMinutes} minutes`);
  expect(email.text).not.toContain('30 minutes');
});
