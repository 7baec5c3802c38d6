import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { NewQuote } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { migrateToLatest } from './migrate';
import { scratchDatabase, sqlDialects } from './scratch-database.test-support';
import { SqlNotificationOutbox } from './sql-notification-outbox';
import { SqlQuoteRepository } from './sql-quote-repository';
import { manualClock } from '../../fixtures/manual-clock.test-support';

// The outbox under many claims: in any order of events, and from two servers at once.

const minute = 60_000;

const withEmail = sampleQuote({ email: 'aisha.mensah@example.org' });

const withoutEmail: NewQuote = { ...withEmail, name: 'Sean Gallagher', email: null };

for (const dialect of sqlDialects) {
  test(`${dialect}: any sequence of claims, failures, lost claims and deliveries ends with each notification sent exactly once`, async () => {
    const leaseSeconds = 60;
    const outcomeArb = fc.oneof(
      fc.constant({ type: 'sent' as const }),
      fc.constant({ type: 'lost' as const }),
      fc.record({ type: fc.constant('failed' as const), retrySeconds: fc.integer({ min: 0, max: 300 }) }),
    );
    const stepArb = fc.oneof(
      fc.record({ type: fc.constant('advance' as const), seconds: fc.integer({ min: 0, max: 200 }) }),
      fc.record({ type: fc.constant('claim' as const), limit: fc.integer({ min: 1, max: 4 }), outcomes: fc.array(outcomeArb, { maxLength: 4 }) }),
    );
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }), fc.array(stepArb, { maxLength: 15 }), async (emails, steps) => {
          await db.deleteFrom('quote_requests').execute();
          await db.deleteFrom('customer_confirmations').execute();
          const clock = manualClock();
          const quotes = new SqlQuoteRepository(db, { now: clock.now, notify: true });
          const outbox = new SqlNotificationOutbox(db, { now: clock.now, leaseSeconds });
          // Each from an address of its own: a second confirmation to one would be held back for a day.
          for (const [index, hasEmail] of emails.entries()) {
            await quotes.insert(hasEmail ? { ...withEmail, email: `aisha.${index}@example.org` } : withoutEmail);
            clock.time += 1000;
          }
          // The model: when each notification is due, how often it was claimed, how often marked sent.
          const rows = await db.selectFrom('notifications').select(['id', 'next_attempt_at']).execute();
          const model = new Map(rows.map(({ id, next_attempt_at }) => [id, { dueAt: new Date(next_attempt_at).getTime(), attempts: 0, sent: 0 }]));
          expect(model.size).toBe(emails.length + emails.filter(Boolean).length);

          const claim = async (limit: number) => {
            const due = [...model].filter(([, state]) => state.sent === 0 && state.dueAt <= clock.time);
            const claimed = await outbox.claimDue(limit);
            expect(claimed).toHaveLength(Math.min(limit, due.length));
            const claimedIds = new Set(claimed.map(({ id }) => id));
            const dueAt = (ids: Iterable<string>) => [...ids].map((id) => model.get(id)?.dueAt ?? Number.NaN);
            // Only due, unsent ones, and none left behind that was due before one taken.
            expect(due.map(([id]) => id)).toEqual(expect.arrayContaining([...claimedIds]));
            const leftBehind = due.filter(([id]) => !claimedIds.has(id)).map(([id]) => id);
            expect(Math.max(...dueAt(claimedIds))).toBeLessThanOrEqual(Math.min(...dueAt(leftBehind)));
            for (const { id, attempts } of claimed) {
              const state = model.get(id);
              if (state === undefined) throw new Error(`claimed an unknown notification ${id}`);
              state.attempts += 1;
              state.dueAt = clock.time + leaseSeconds * 1000;
              expect(attempts).toBe(state.attempts);
            }
            return claimed;
          };

          for (const step of steps) {
            if (step.type === 'advance') {
              clock.time += step.seconds * 1000;
              continue;
            }
            const claimed = await claim(step.limit);
            for (const [index, { id }] of claimed.entries()) {
              const outcome = step.outcomes[index] ?? { type: 'lost' };
              const state = model.get(id);
              if (state === undefined) continue;
              if (outcome.type === 'sent') {
                await outbox.markSent(id, clock.now());
                state.sent += 1;
              } else if (outcome.type === 'failed') {
                state.dueAt = clock.time + outcome.retrySeconds * 1000;
                await outbox.markFailed(id, 'Connection refused', new Date(state.dueAt));
              }
            }
            expect((await outbox.backlog()).pending).toBe([...model.values()].filter(({ sent }) => sent === 0).length);
          }

          // From here on every delivery succeeds.
          for (let round = 0; [...model.values()].some(({ sent }) => sent === 0); round++) {
            if (round > model.size) throw new Error('the outbox stopped handing over notifications not yet sent');
            clock.time = Math.max(clock.time, ...[...model.values()].map(({ dueAt }) => dueAt));
            for (const { id } of await claim(2)) {
              await outbox.markSent(id, clock.now());
              const state = model.get(id);
              if (state) state.sent += 1;
            }
          }
          expect([...model.values()].map(({ sent }) => sent)).toEqual([...model.values()].map(() => 1));
          expect(await outbox.backlog()).toEqual({ pending: 0, oldestPendingSince: null });
          clock.time += 365 * 24 * 60 * minute;
          expect(await outbox.claimDue(100)).toEqual([]);
        }),
        { numRuns: 40 },
      );
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}

test('postgres: two servers claiming at once never claim the same notification, and together claim them all', async () => {
  const scratch = await scratchDatabase('postgres');
  const servers = [scratch.open(), scratch.open()];
  try {
    const [first] = servers;
    if (first === undefined) throw new Error('unreachable');
    await migrateToLatest(first);
    const now = () => new Date('2024-05-01T09:00:00Z');
    const quotes = new SqlQuoteRepository(first, { now, notify: true });
    // 100 requests, each with an address of its own: 200 notifications, all due at once.
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(Array.from({ length: 10 }, (_, index) => quotes.insert({ ...withEmail, email: `aisha.${batch}.${index}@example.org` })));
    }
    // Each server runs several claim loops at once, over its own connection pool.
    const claimAll = async (outbox: SqlNotificationOutbox) => {
      const ids: string[] = [];
      for (;;) {
        const claimed = await outbox.claimDue(3);
        if (claimed.length === 0) return ids;
        ids.push(...claimed.map(({ id }) => id));
      }
    };
    const outboxes = servers.map((db) => new SqlNotificationOutbox(db, { now }));
    const claims = (await Promise.all(outboxes.flatMap((outbox) => Array.from({ length: 4 }, () => claimAll(outbox))))).flat();

    expect(claims).toHaveLength(200);
    expect(new Set(claims).size).toBe(200);
    const attempts = await first.selectFrom('notifications').select('attempts').distinct().execute();
    expect(attempts).toEqual([{ attempts: 1 }]);
  } finally {
    await Promise.all(servers.map((db) => db.destroy()));
    await scratch.drop();
  }
});
