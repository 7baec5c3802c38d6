import type { Kysely } from 'kysely';
import { expect, test } from 'vitest';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import type { Database } from './database';
import { sqlDialects } from './scratch-database.test-support';
import { SqlNotificationOutbox } from './sql-notification-outbox';
import type { SqlQuoteInbox } from './sql-quote-inbox';
import { SqlQuoteRepository } from './sql-quote-repository';
import { withSqlStore } from './sql-store.test-support';

// The business email as the inbox shows it (from the outbox's rows), and resending it.

const minute = 60_000;

const quote = sampleQuote({ email: 'aisha.mensah@example.org' });

/** Each request's name and business email, as the 'all' view shows them. */
async function emailsShown(inbox: SqlQuoteInbox, now: Date) {
  const { quotes } = await inbox.findPage({ query: { ...defaultInboxQuery, view: 'all' }, after: null, limit: 50, now });
  return Object.fromEntries(quotes.map((shown) => [shown.name, 'businessEmail' in shown ? shown.businessEmail : 'absent']));
}

/** The business notification of a request as stored, times read as Dates. */
async function businessRow(db: Kysely<Database>, quoteId: string) {
  const rows = await db
    .selectFrom('notifications')
    .select(['next_attempt_at', 'sent_at', 'attempts', 'last_error'])
    .where('quote_id', '=', quoteId)
    .where('kind', '=', 'business')
    .execute();
  return rows.map((row) => ({
    nextAttemptAt: new Date(row.next_attempt_at),
    sentAt: row.sent_at === null ? null : new Date(row.sent_at),
    attempts: row.attempts,
    lastError: row.last_error,
  }));
}

for (const dialect of sqlDialects) {
  test(`${dialect}: the business email shows as waiting, failing (with its error) and sent, and is absent without one`, async () => {
    const clock = manualClock();
    await withSqlStore(dialect, { now: clock.now, notify: true }, async ({ db, repository, inbox }) => {
      await new SqlQuoteRepository(db, { now: clock.now }).insert({ ...quote, name: 'Without notify' });
      await repository.insert({ ...quote, name: 'Waiting' });
      const failing = await repository.insert({ ...quote, name: 'Failing', email: null });
      const sent = await repository.insert({ ...quote, name: 'Sent' });
      expect(await emailsShown(inbox, clock.now())).toEqual({
        'Without notify': 'absent',
        Waiting: { sentAt: null, lastError: null },
        Failing: { sentAt: null, lastError: null },
        Sent: { sentAt: null, lastError: null },
      });

      const outbox = new SqlNotificationOutbox(db, { now: clock.now });
      const sentAt = new Date(clock.time + minute);
      for (const claimed of await outbox.claimDue(10)) {
        if (claimed.kind !== 'business') continue;
        if (claimed.quote.id === failing.id) await outbox.markFailed(claimed.id, 'connect ECONNREFUSED 127.0.0.1:587', new Date(clock.time + 5 * minute));
        // The customer's email does not count: only the business's is shown.
        if (claimed.quote.id === sent.id) await outbox.markSent(claimed.id, sentAt);
      }
      expect(await emailsShown(inbox, clock.now())).toEqual({
        'Without notify': 'absent',
        Waiting: { sentAt: null, lastError: null },
        Failing: { sentAt: null, lastError: 'connect ECONNREFUSED 127.0.0.1:587' },
        Sent: { sentAt, lastError: null },
      });
    });
  });

  test(`${dialect}: resending a failing business email makes it due at once, keeping its attempts and error`, async () => {
    const clock = manualClock();
    await withSqlStore(dialect, { now: clock.now, notify: true }, async ({ db, repository, inbox }) => {
      const stored = await repository.insert(quote);
      const outbox = new SqlNotificationOutbox(db, { now: clock.now });
      for (const claimed of await outbox.claimDue(10)) await outbox.markFailed(claimed.id, 'timed out', new Date(clock.time + 60 * minute));
      const customerBefore = await db.selectFrom('notifications').selectAll().where('kind', '=', 'customer').execute();

      clock.time += 15 * minute;
      expect(await inbox.resendBusinessEmail(stored.id, clock.now())).toBe('queued');
      expect(await businessRow(db, stored.id)).toEqual([{ nextAttemptAt: clock.now(), sentAt: null, attempts: 1, lastError: 'timed out' }]);
      // The customer's email keeps its own schedule.
      expect(await db.selectFrom('notifications').selectAll().where('kind', '=', 'customer').execute()).toEqual(customerBefore);
      expect((await outbox.claimDue(10)).map(({ kind, quote: { id } }) => ({ kind, id }))).toEqual([{ kind: 'business', id: stored.id }]);
    });
  });

  test(`${dialect}: resending a business email already sent is already-sent, and changes nothing`, async () => {
    const clock = manualClock();
    await withSqlStore(dialect, { now: clock.now, notify: true }, async ({ db, repository, inbox }) => {
      const stored = await repository.insert({ ...quote, email: null });
      const outbox = new SqlNotificationOutbox(db, { now: clock.now });
      for (const claimed of await outbox.claimDue(10)) await outbox.markSent(claimed.id, clock.now());
      const before = await businessRow(db, stored.id);

      clock.time += 15 * minute;
      expect(await inbox.resendBusinessEmail(stored.id, clock.now())).toBe('already-sent');
      expect(await businessRow(db, stored.id)).toEqual(before);
    });
  });

  test(`${dialect}: resending for a request stored without a business email writes one, due at once`, async () => {
    const clock = manualClock();
    await withSqlStore(dialect, { now: clock.now }, async ({ db, repository, inbox }) => {
      const stored = await repository.insert(quote);
      clock.time += 15 * minute;
      expect(await inbox.resendBusinessEmail(stored.id, clock.now())).toBe('queued');
      expect(await businessRow(db, stored.id)).toEqual([{ nextAttemptAt: clock.now(), sentAt: null, attempts: 0, lastError: null }]);
      expect(await emailsShown(inbox, clock.now())).toEqual({ [quote.name]: { sentAt: null, lastError: null } });
      // Asked again before it went: still the one email, still queued.
      expect(await inbox.resendBusinessEmail(stored.id, clock.now())).toBe('queued');
      expect(await businessRow(db, stored.id)).toHaveLength(1);
    });
  });

  test(`${dialect}: resending for a request that is not there is not-found, and writes nothing`, async () => {
    await withSqlStore(dialect, {}, async ({ db, repository, inbox }) => {
      const deleted = await repository.insert(quote);
      await repository.delete(deleted.id);
      expect(await inbox.resendBusinessEmail(deleted.id, new Date())).toBe('not-found');
      expect(await inbox.resendBusinessEmail('no-such-id', new Date())).toBe('not-found');
      expect(await db.selectFrom('notifications').select('id').execute()).toEqual([]);
    });
  });
}
