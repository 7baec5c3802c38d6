import { expect, test } from 'vitest';
import type { ClaimedNotification, NotificationOutbox } from '../../../domain/ports/notification-outbox';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { migrateToLatest } from '../../sql/migrate';
import { scratchDatabase, sqlDialects } from '../../sql/scratch-database.test-support';
import { SqlNotificationOutbox } from '../../sql/sql-notification-outbox';
import { SqlQuoteRepository } from '../../sql/sql-quote-repository';
import { describeNotification, OutboxDispatcher } from './outbox-dispatcher';

const diskFull = () => Object.assign(new Error('database or disk is full'), { errcode: 13 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The real outbox, except that recording a delivery and renewing a claim are refused while `full()`:
 * the database refuses those writes, and the claims run out while the dispatcher still holds them.
 */
function refusingWhile(outbox: SqlNotificationOutbox, full: () => boolean): NotificationOutbox {
  return {
    leaseSeconds: outbox.leaseSeconds,
    claimDue: (limit) => outbox.claimDue(limit),
    renew: (ids) => (full() ? Promise.reject(diskFull()) : outbox.renew(ids)),
    markSent: (id, at) => (full() ? Promise.reject(diskFull()) : outbox.markSent(id, at)),
    markFailed: (id, error, retryAt) => outbox.markFailed(id, error, retryAt),
    withdraw: (id) => outbox.withdraw(id),
    backlog: () => outbox.backlog(),
  };
}

for (const dialect of sqlDialects) {
  test(`${dialect}: an email sent but not recorded is never sent again while the server runs, even once its claim runs out`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    let full = true;
    const delivered: string[] = [];
    const errors: { message: string; cause: unknown }[] = [];
    const outbox = new SqlNotificationOutbox(db, { leaseSeconds: 1 });
    const dispatcher = new OutboxDispatcher<ClaimedNotification>({
      outbox: refusingWhile(outbox, () => full),
      deliver: ({ quote }) => {
        delivered.push(quote.name);
        return Promise.resolve();
      },
      describe: describeNotification,
      name: 'the email outbox',
      logger: { error: (message, cause) => errors.push({ message, cause }) },
      pollMs: 50,
      recordRetryMs: 50,
      maxRecordRetryMs: 100,
    });
    try {
      await migrateToLatest(db);
      const quotes = new SqlQuoteRepository(db, { notify: true });
      for (const name of ['Ada Okafor', 'Ben Clarke', 'Chen Wei']) await quotes.insert(sampleQuote({ name, email: null }));
      dispatcher.start();
      await expect.poll(() => delivered.length).toBe(3);
      expect(dispatcher.unrecorded).toBe(3);

      // Three leases run out unrenewed; the dispatcher claims the emails anew each time, and sends none.
      await sleep(3_500);
      expect((await db.selectFrom('notifications').select('attempts').execute()).every(({ attempts }) => attempts > 1)).toBe(true);
      expect(delivered.sort()).toEqual(['Ada Okafor', 'Ben Clarke', 'Chen Wei']);
      expect(errors.filter(({ message }) => message.includes('could not record it as sent')).map(({ cause }) => cause)).toEqual([
        diskFull(),
        diskFull(),
        diskFull(),
      ]);
      // Renewal failing is said once, not every few hundred milliseconds.
      expect(errors.filter(({ message }) => message.startsWith('Renewing the claims'))).toHaveLength(1);

      full = false;
      await expect.poll(() => dispatcher.unrecorded).toBe(0);
      expect(await outbox.backlog()).toEqual({ pending: 0, oldestPendingSince: null });
      expect(delivered).toHaveLength(3);
    } finally {
      await dispatcher.stop();
      await db.destroy();
      await scratch.drop();
    }
  });

  test(`${dialect}: a claim is renewed while its email is being sent, so a send slower than the lease is not sent twice`, async () => {
    const scratch = await scratchDatabase(dialect);
    const first = scratch.open();
    const second = scratch.open();
    const delivered: string[] = [];
    const dispatcherOver = (db: typeof first, sendMs: number) =>
      new OutboxDispatcher<ClaimedNotification>({
        outbox: new SqlNotificationOutbox(db, { leaseSeconds: 1 }),
        deliver: async ({ quote }) => {
          await sleep(sendMs);
          delivered.push(quote.name);
        },
        describe: describeNotification,
        name: 'the email outbox',
        logger: { error: () => undefined },
        pollMs: 50,
      });
    const slow = dispatcherOver(first, 2_500);
    const other = dispatcherOver(second, 0);
    try {
      await migrateToLatest(first);
      await new SqlQuoteRepository(first, { notify: true }).insert(sampleQuote({ name: 'Dara Byrne', email: null }));
      slow.start();
      await expect.poll(async () => (await first.selectFrom('notifications').select('attempts').executeTakeFirstOrThrow()).attempts).toBe(1);
      other.start();
      await expect.poll(() => delivered, { timeout: 5_000 }).toEqual(['Dara Byrne']);
      await sleep(1_500);
      expect(delivered).toEqual(['Dara Byrne']);
    } finally {
      await Promise.all([slow.stop(), other.stop()]);
      await first.destroy();
      await second.destroy();
      await scratch.drop();
    }
  });
}

test('stopping with an email sent but still not recorded says it may be sent again', async () => {
  const scratch = await scratchDatabase('sqlite');
  const db = scratch.open();
  const errors: string[] = [];
  const outbox = new SqlNotificationOutbox(db, { leaseSeconds: 1 });
  const dispatcher = new OutboxDispatcher<ClaimedNotification>({
    outbox: refusingWhile(outbox, () => true),
    deliver: () => Promise.resolve(),
    describe: describeNotification,
    name: 'the email outbox',
    logger: { error: (message) => errors.push(message) },
    pollMs: 50,
  });
  try {
    await migrateToLatest(db);
    const stored = await new SqlQuoteRepository(db, { notify: true }).insert(sampleQuote({ name: 'Eve Hart', email: null }));
    dispatcher.start();
    await expect.poll(() => dispatcher.unrecorded).toBe(1);
    await dispatcher.stop();
    expect(dispatcher.unrecorded).toBe(0);
    expect(errors.at(-1)).toBe(
      `Stopping with the business email for request ${stored.id} sent but still not recorded as sent: it may be sent again once its claim runs out`,
    );
  } finally {
    await db.destroy();
    await scratch.drop();
  }
});

test('sendDue, with no loop started, sends every due email once, in batches, and each only once', async () => {
  const scratch = await scratchDatabase('sqlite');
  const db = scratch.open();
  const delivered: string[] = [];
  const outbox = new SqlNotificationOutbox(db, { leaseSeconds: 10 });
  const dispatcher = new OutboxDispatcher<ClaimedNotification>({
    outbox,
    deliver: ({ quote }) => {
      delivered.push(quote.name);
      return Promise.resolve();
    },
    describe: describeNotification,
    name: 'the email outbox',
    logger: { error: () => undefined },
    batchSize: 2,
  });
  try {
    await migrateToLatest(db);
    const quotes = new SqlQuoteRepository(db, { notify: true });
    for (const name of ['Ada Okafor', 'Ben Clarke', 'Chen Wei']) await quotes.insert(sampleQuote({ name, email: null }));
    await dispatcher.sendDue();
    expect(delivered.sort()).toEqual(['Ada Okafor', 'Ben Clarke', 'Chen Wei']);
    await dispatcher.sendDue();
    expect(delivered).toHaveLength(3);
    expect(await outbox.backlog()).toEqual({ pending: 0, oldestPendingSince: null });
  } finally {
    await db.destroy();
    await scratch.drop();
  }
});
