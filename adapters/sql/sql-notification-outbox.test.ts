import type { Kysely } from 'kysely';
import { expect, test } from 'vitest';
import { requestOf } from '../contracts/store-under-test.test-support';
import type { ClaimedNotification } from '../../domain/ports/notification-outbox';
import type { NewQuote } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import type { Database, SqlDialectName } from './database';
import { migrateToLatest } from './migrate';
import { scratchDatabase, sqlDialects } from './scratch-database.test-support';
import { SqlNotificationOutbox } from './sql-notification-outbox';
import { SqlQuoteRepository } from './sql-quote-repository';
import { requireInboxQuote, SqlQuoteInbox } from './sql-quote-inbox';
import { systemAuthor } from '../../domain/activity/actor';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { recorded } from '../contracts/recorded-step.test-support';

const minute = 60_000;

const withEmail = sampleQuote({ email: 'aisha.mensah@example.org' });

const withoutEmail: NewQuote = { ...withEmail, name: 'Sean Gallagher', email: null };

/** A migrated database of its own for one test, with a repository that writes notifications and an outbox. */
async function withOutbox(
  dialect: SqlDialectName,
  use: (setup: { db: Kysely<Database>; clock: ReturnType<typeof manualClock>; quotes: SqlQuoteRepository; outbox: SqlNotificationOutbox }) => Promise<void>,
): Promise<void> {
  const scratch = await scratchDatabase(dialect);
  const db = scratch.open();
  try {
    await migrateToLatest(db);
    const clock = manualClock();
    await use({
      db,
      clock,
      quotes: new SqlQuoteRepository(db, { now: clock.now, notify: true }),
      outbox: new SqlNotificationOutbox(db, { now: clock.now, leaseSeconds: 60 }),
    });
  } finally {
    await db.destroy();
    await scratch.drop();
  }
}

const summary = ({ kind, attempts, quote }: ClaimedNotification) => ({ name: quote.name, kind, attempts });

for (const dialect of sqlDialects) {
  test(`${dialect}: claimDue hands over the due notifications oldest first, each with its request, and leases them`, async () => {
    await withOutbox(dialect, async ({ clock, quotes, outbox }) => {
      const first = requestOf(await quotes.insert(withEmail));
      clock.time += minute;
      const second = requestOf(await quotes.insert(withoutEmail));
      clock.time += minute;

      const claimed = await outbox.claimDue(10);
      expect(claimed.map(summary)).toEqual([
        { name: withEmail.name, kind: 'business', attempts: 1 },
        { name: withEmail.name, kind: 'customer', attempts: 1 },
        { name: withoutEmail.name, kind: 'business', attempts: 1 },
      ]);
      expect(claimed.map(({ quote }) => quote)).toEqual([first, first, second]);
      expect(new Set(claimed.map(({ id }) => id)).size).toBe(3);

      // Leased: nobody else gets them while the claimer may still be sending.
      expect(await outbox.claimDue(10)).toEqual([]);
      clock.time += 60_000 - 1;
      expect(await outbox.claimDue(10)).toEqual([]);

      // The claimer never answered (it died mid-send): once the lease is over they are due again.
      clock.time += 1;
      const again = await outbox.claimDue(10);
      expect(again.map(({ id }) => id)).toEqual(claimed.map(({ id }) => id));
      expect(again.map(({ attempts }) => attempts)).toEqual([2, 2, 2]);
    });
  });

  test(`${dialect}: claimDue takes at most its limit, those due longest first, and leaves the rest for the next claim`, async () => {
    await withOutbox(dialect, async ({ clock, quotes, outbox }) => {
      for (const name of ['First', 'Second', 'Third']) {
        await quotes.insert({ ...withoutEmail, name });
        clock.time += minute;
      }
      expect((await outbox.claimDue(2)).map(({ quote }) => quote.name)).toEqual(['First', 'Second']);
      expect((await outbox.claimDue(2)).map(({ quote }) => quote.name)).toEqual(['Third']);
      expect(await outbox.claimDue(2)).toEqual([]);
      await expect(outbox.claimDue(0)).rejects.toThrow(RangeError);
    });
  });

  test(`${dialect}: markFailed keeps the reason and schedules the retry, sooner or later than the lease`, async () => {
    await withOutbox(dialect, async ({ db, clock, quotes, outbox }) => {
      await quotes.insert({ ...withoutEmail, name: 'Later' });
      await quotes.insert({ ...withoutEmail, name: 'Sooner' });
      const claimed = await outbox.claimDue(10);
      const start = clock.time;
      for (const { id, quote } of claimed) {
        const retryAt = new Date(start + (quote.name === 'Later' ? 5 * minute : 10_000));
        await outbox.markFailed(id, `421 Try again later 🙂 ${'x'.repeat(600)}`, retryAt);
      }

      clock.time = start + 10_000;
      const sooner = await outbox.claimDue(10);
      expect(sooner.map(summary)).toEqual([{ name: 'Sooner', kind: 'business', attempts: 2 }]);
      for (const { id } of sooner) await outbox.markSent(id, clock.now());
      clock.time = start + 5 * minute - 1;
      expect(await outbox.claimDue(10)).toEqual([]);
      clock.time = start + 5 * minute;
      expect((await outbox.claimDue(10)).map(summary)).toEqual([{ name: 'Later', kind: 'business', attempts: 2 }]);

      // Cut by characters (the emoji is one), not UTF-16 units.
      const errors = await db.selectFrom('notifications').select('last_error').execute();
      for (const { last_error } of errors) {
        expect(last_error?.startsWith('421 Try again later 🙂 xxx')).toBe(true);
        expect(Array.from(last_error ?? '')).toHaveLength(500);
      }
    });
  });

  test(`${dialect}: a notification marked sent is never claimed again, nor rescheduled, and leaves the backlog`, async () => {
    await withOutbox(dialect, async ({ db, clock, quotes, outbox }) => {
      expect(await outbox.backlog()).toEqual({ pending: 0, oldestPendingSince: null });
      const first = requestOf(await quotes.insert(withEmail));
      clock.time += minute;
      await quotes.insert(withoutEmail);
      expect(await outbox.backlog()).toEqual({ pending: 3, oldestPendingSince: first.createdAt });

      const claimed = await outbox.claimDue(10);
      // Claimed is still pending: the email may never go.
      expect((await outbox.backlog()).pending).toBe(3);
      const [business, customer, other] = claimed;
      if (business === undefined || customer === undefined || other === undefined) throw new Error('expected three');
      await outbox.markSent(business.id, clock.now());
      await outbox.markSent(customer.id, clock.now());
      // A late failure report (say, from a claimer whose lease ran out) does not undo the delivery.
      await outbox.markFailed(business.id, 'timeout', clock.now());
      expect(await outbox.backlog()).toEqual({ pending: 1, oldestPendingSince: new Date(first.createdAt.getTime() + minute) });

      clock.time += 24 * 60 * minute;
      expect((await outbox.claimDue(10)).map(({ id }) => id)).toEqual([other.id]);
      const sent = await db.selectFrom('notifications').select(['id', 'sent_at']).where('sent_at', 'is not', null).orderBy('kind').execute();
      expect(sent.map(({ id, sent_at }) => ({ id, sentAt: sent_at && new Date(sent_at) }))).toEqual([
        { id: business.id, sentAt: new Date(first.createdAt.getTime() + minute) },
        { id: customer.id, sentAt: new Date(first.createdAt.getTime() + minute) },
      ]);
    });
  });

  test(`${dialect}: a done job's review email is not waiting until it falls due; sent late, its one reminder falls due a week after it went`, async () => {
    await withOutbox(dialect, async ({ db, clock, quotes, outbox }) => {
      const inbox = new SqlQuoteInbox(db, { notify: true, reviewAskAfterHours: 48 });
      const stored = await quotes.insert(withEmail);
      for (const sent of await outbox.claimDue(10)) await outbox.markSent(sent.id, clock.now());
      for (const [from, to] of [['new', 'contacted'], ['contacted', 'won'], ['won', 'done']] as const) {
        await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from, to }, by: 'sam@example.co.uk', at: clock.now() });
      }
      // Planned for two days on: nothing waits yet, and nothing is due.
      expect(await outbox.backlog()).toEqual({ pending: 0, oldestPendingSince: null });
      expect(await outbox.claimDue(10)).toEqual([]);

      // The mail server was down for a day: the ask goes three days after Done.
      clock.time += 48 * 60 * minute;
      expect(await outbox.backlog()).toEqual({ pending: 1, oldestPendingSince: clock.now() });
      clock.time += 24 * 60 * minute;
      const [ask] = await outbox.claimDue(10);
      expect(ask && summary(ask)).toEqual({ name: withEmail.name, kind: 'review', attempts: 1 });
      if (ask === undefined) throw new Error('expected the ask');
      await outbox.markSent(ask.id, clock.now());
      const askedAt = clock.now();

      clock.time += 7 * 24 * 60 * minute - 1;
      expect(await outbox.claimDue(10)).toEqual([]);
      expect(await outbox.backlog()).toEqual({ pending: 0, oldestPendingSince: null });
      clock.time += 1;
      const [reminder] = await outbox.claimDue(10);
      expect(reminder && { ...summary(reminder), review: reminder.standing.review }).toEqual({
        name: withEmail.name,
        kind: 'review-reminder',
        attempts: 1,
        review: { askedAt, remindedAt: null, openedAt: null },
      });
      if (reminder === undefined) throw new Error('expected the reminder');
      await outbox.markSent(reminder.id, clock.now());
      // Each is one step of the request's life, the system's, however often it is marked sent.
      await outbox.markSent(reminder.id, clock.now());
      const quote = await requireInboxQuote(db, stored.id);
      expect(quote.activity.filter(({ kind }) => kind.startsWith('review')).map(({ kind, by, at }) => ({ kind, by, at }))).toEqual([
        { kind: 'review-asked', by: systemAuthor, at: askedAt },
        { kind: 'review-reminded', by: systemAuthor, at: clock.now() },
      ]);
      expect(quote.review).toEqual({ askedAt, remindedAt: clock.now(), openedAt: null });
    });
  });

  test(`${dialect}: renew extends a claim to a full lease from now, never shortens one, and leaves sent ones alone`, async () => {
    await withOutbox(dialect, async ({ clock, quotes, outbox }) => {
      await quotes.insert(withEmail);
      const [business, customer] = await outbox.claimDue(10);
      if (business === undefined || customer === undefined) throw new Error('expected two');
      await outbox.markSent(customer.id, clock.now());

      // Renewed 40 s into its 60 s lease: it now holds until 100 s.
      clock.time += 40_000;
      await outbox.renew([business.id, customer.id]);
      clock.time += 59_999;
      expect(await outbox.claimDue(10)).toEqual([]);

      // A retry scheduled beyond the lease keeps its time.
      await outbox.markFailed(business.id, '421 Try again later', new Date(clock.time + 10 * minute));
      await outbox.renew([business.id]);
      clock.time += 9 * minute;
      expect(await outbox.claimDue(10)).toEqual([]);
      clock.time += minute;
      expect((await outbox.claimDue(10)).map(summary)).toEqual([{ name: withEmail.name, kind: 'business', attempts: 2 }]);
      await outbox.renew([]);
    });
  });

  test(`${dialect}: deleting or purging a request removes its notifications, even claimed ones`, async () => {
    await withOutbox(dialect, async ({ clock, quotes, outbox }) => {
      const old = requestOf(await quotes.insert(withEmail));
      clock.time += minute;
      // Another address: a second confirmation to the first would be held back for a day.
      const deleted = requestOf(await quotes.insert({ ...withEmail, email: 'kofi.mensah@example.org' }));
      clock.time += minute;
      await quotes.insert(withoutEmail);

      const claimed = await outbox.claimDue(10);
      expect(await quotes.delete(deleted.id)).toBe(true);
      expect(await quotes.deleteCreatedBefore(new Date(old.createdAt.getTime() + 1))).toBe(1);
      expect(await outbox.backlog()).toEqual({ pending: 1, oldestPendingSince: new Date(old.createdAt.getTime() + 2 * minute) });

      // The dispatcher sending one of them meanwhile reports on a row that is gone: nothing happens.
      for (const { id } of claimed.slice(0, 4)) {
        await outbox.markSent(id, clock.now());
        await outbox.markFailed(id, 'too late', clock.now());
      }
      clock.time += 60 * minute;
      expect((await outbox.claimDue(10)).map(summary)).toEqual([{ name: withoutEmail.name, kind: 'business', attempts: 2 }]);
    });
  });
  test(`${dialect}: a quote's emails come with its versions; its follow-up records the version followed up, once, and one claimed before version 2 was sent records nothing`, async () => {
    await withOutbox(dialect, async ({ db, clock, quotes, outbox }) => {
      const inbox = new SqlQuoteInbox(db, { notify: true, quoteFollowUpDays: 3 });
      const stored = await quotes.insert(withEmail);
      for (const sent of await outbox.claimDue(10)) await outbox.markSent(sent.id, clock.now());
      const by = 'sam@example.co.uk';
      const write = (version: number) =>
        recorded(inbox, {
          id: stored.id,
          step: { kind: 'quote-written', version, lines: [{ description: 'New boiler', quantity: 1, unitPence: 200_000 + version, vat: 'standard' }], validUntil: '2024-06-30', vatRegistered: true, terms: '' },
          by,
          at: clock.now(),
        });
      await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by, at: clock.now() });
      await write(1);
      await recorded(inbox, { id: stored.id, step: { kind: 'quote-sent', version: 1 }, by, at: clock.now() });
      const [sent] = await outbox.claimDue(10);
      expect(sent && summary(sent)).toEqual({ name: withEmail.name, kind: 'quote-sent', attempts: 1 });
      expect(sent?.standing.quotes.map(({ version, sentAt }) => ({ version, sentAt }))).toEqual([{ version: 1, sentAt: clock.now() }]);
      if (sent === undefined) throw new Error('expected the quote');
      await outbox.markSent(sent.id, clock.now());

      // Three days on the follow-up is claimed; meanwhile version 2 is sent, which queues its own.
      clock.time += 3 * 24 * 60 * minute;
      const [stale] = await outbox.claimDue(10);
      expect(stale && summary(stale)).toEqual({ name: withEmail.name, kind: 'quote-follow-up', attempts: 1 });
      if (stale === undefined) throw new Error('expected the follow-up');
      await write(2);
      await recorded(inbox, { id: stored.id, step: { kind: 'quote-sent', version: 2 }, by, at: clock.now() });
      await outbox.markSent(stale.id, clock.now());
      const followedUp = async () =>
        (await requireInboxQuote(db, stored.id)).activity.flatMap((entry) => (entry.kind === 'quote-followed-up' ? [{ version: entry.version, by: entry.by }] : []));
      expect(await followedUp()).toEqual([]);
      const waiting = await db.selectFrom('notifications').select(['kind', 'sent_at', 'attempts']).where('quote_id', '=', stored.id).where('kind', 'like', 'quote-%').orderBy('kind').execute();
      expect(waiting).toEqual([
        { kind: 'quote-follow-up', sent_at: null, attempts: 0 },
        { kind: 'quote-sent', sent_at: null, attempts: 0 },
      ]);

      for (const again of await outbox.claimDue(10)) await outbox.markSent(again.id, clock.now());
      clock.time += 3 * 24 * 60 * minute;
      const [followUp] = await outbox.claimDue(10);
      expect(followUp && summary(followUp)).toEqual({ name: withEmail.name, kind: 'quote-follow-up', attempts: 1 });
      if (followUp === undefined) throw new Error('expected the follow-up of version 2');
      await outbox.markSent(followUp.id, clock.now());
      await outbox.markSent(followUp.id, clock.now());
      expect(await followedUp()).toEqual([{ version: 2, by: systemAuthor }]);
      expect(await outbox.backlog()).toEqual({ pending: 0, oldestPendingSince: null });
    });
  });
}
