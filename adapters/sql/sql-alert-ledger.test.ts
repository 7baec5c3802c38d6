import fc from 'fast-check';
import { expect, test } from 'vitest';
import { requestOf } from '../contracts/store-under-test.test-support';
import { type AlertStep, alertSteps } from '../../domain/alerts/alert-plan';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { sqlDialects } from './scratch-database.test-support';
import { alertRecord, deliveriesOf, jo, markTaken, priya, sam, storesOver, subscription, withAlertStores } from './sql-alert-store.test-support';
import { recorded } from '../contracts/recorded-step.test-support';

const minute = 60_000;

const urgent = sampleQuote({ name: 'Tom Okoro', serviceType: 'emergency', urgent: true });

for (const dialect of sqlDialects) {
  test(`${dialect}: awaitingSomeone gives the requests since the time that are new and not taken, oldest first, with their steps`, async () => {
    await withAlertStores(dialect, async ({ db, clock, quotes, inbox, ledger }) => {
      const before = requestOf(await quotes.insert({ ...urgent, name: 'Before' }));
      clock.time += minute;
      const since = clock.now();
      const first = requestOf(await quotes.insert({ ...urgent, name: 'First' }));
      clock.time += minute;
      const second = requestOf(await quotes.insert(sampleQuote({ name: 'Second' })));
      const contacted = requestOf(await quotes.insert({ ...urgent, name: 'Contacted' }));
      const taken = requestOf(await quotes.insert({ ...urgent, name: 'Taken' }));
      await recorded(inbox, { id: contacted.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: sam, at: clock.now() });
      await markTaken(db, taken.id, jo, clock.now());

      const escalatedAt = new Date(first.createdAt.getTime() + 10 * minute);
      expect(await ledger.recordAlert(first.id, alertRecord('escalated', escalatedAt, [jo, priya], true), { webhook: true })).toBe(true);
      expect(await ledger.recordAlert(first.id, alertRecord('new', first.createdAt, [sam]), { webhook: true })).toBe(true);
      expect(await ledger.recordAlert(before.id, alertRecord('new', before.createdAt, [sam]), { webhook: false })).toBe(true);

      expect(await ledger.awaitingSomeone(since)).toEqual([
        {
          quote: first,
          status: 'new',
          taken: null,
          sent: [alertRecord('new', first.createdAt, [sam]), alertRecord('escalated', escalatedAt, [jo, priya], true)],
        },
        { quote: second, status: 'new', taken: null, sent: [] },
      ]);
      expect((await ledger.awaitingSomeone(before.createdAt)).map(({ quote }) => quote.name)).toEqual(['Before', 'First', 'Second']);
      expect(await ledger.awaitingSomeone(new Date(clock.time + 1))).toEqual([]);
      // The same, a page at a time, each page after the last request of the one before.
      const all = await ledger.awaitingSomeone(before.createdAt);
      const [page1, page2, page3] = [
        await ledger.awaitingSomeoneAfter(before.createdAt, undefined, 2),
        await ledger.awaitingSomeoneAfter(before.createdAt, { createdAt: first.createdAt, id: first.id }, 2),
        await ledger.awaitingSomeoneAfter(before.createdAt, { createdAt: second.createdAt, id: second.id }, 2),
      ];
      expect([page1, page2, page3]).toEqual([all.slice(0, 2), all.slice(2), []]);
      expect(await ledger.awaitingSomeoneAfter(since, undefined, 10)).toEqual(all.slice(1));
    });
  });

  test(`${dialect}: recordAlert queues a push to each device of each recipient and one to the webhook, once per step`, async () => {
    await withAlertStores(dialect, async ({ db, clock, quotes, ledger, devices }) => {
      const samPhone = await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
      const samTablet = await devices.saveDevice(sam, subscription('sam-tablet'), clock.now());
      const joPhone = await devices.saveDevice(jo, subscription('jo-phone'), clock.now());
      await devices.saveDevice(priya, subscription('priya-phone'), clock.now());
      const request = requestOf(await quotes.insert(urgent));

      expect(await ledger.recordAlert(request.id, alertRecord('new', clock.now(), [sam, sam]), { webhook: true })).toBe(true);
      const afterNew = await deliveriesOf(db, request.id);
      expect(afterNew.map(({ step, channel, device_id }) => ({ step, channel, device_id }))).toEqual(
        expect.arrayContaining([
          { step: 'new', channel: 'push', device_id: samPhone.id },
          { step: 'new', channel: 'push', device_id: samTablet.id },
          { step: 'new', channel: 'webhook', device_id: null },
        ]),
      );
      expect(afterNew).toHaveLength(3);
      // Due at once, at the step's time.
      const due = await db.selectFrom('alert_deliveries').select(['created_at', 'next_attempt_at', 'attempts']).execute();
      for (const row of due) {
        expect(new Date(row.next_attempt_at)).toEqual(clock.now());
        expect(new Date(row.created_at)).toEqual(clock.now());
        expect(row.attempts).toBe(0);
      }

      // The same step again, from another plan with other recipients: nothing more.
      expect(await ledger.recordAlert(request.id, alertRecord('new', clock.now(), [jo, priya], true), { webhook: true })).toBe(false);
      expect(await deliveriesOf(db, request.id)).toEqual(afterNew);
      const records = await db.selectFrom('alert_records').select(['step', 'recipients']).where('quote_id', '=', request.id).execute();
      expect(records).toEqual([{ step: 'new', recipients: JSON.stringify([sam, sam]) }]);

      // Another step, without the webhook; a recipient with no device gets nothing.
      clock.time += 10 * minute;
      expect(await ledger.recordAlert(request.id, alertRecord('escalated', clock.now(), [jo, 'gone@example.co.uk'], true), { webhook: false })).toBe(true);
      const escalated = (await deliveriesOf(db, request.id)).filter(({ step }) => step === 'escalated');
      expect(escalated.map(({ channel, device_id }) => ({ channel, device_id }))).toEqual([{ channel: 'push', device_id: joPhone.id }]);

      // A step to nobody, with the webhook: the step and the webhook alone.
      expect(await ledger.recordAlert(request.id, alertRecord('due-soon', clock.now(), []), { webhook: true })).toBe(true);
      expect((await deliveriesOf(db, request.id)).filter(({ step }) => step === 'due-soon').map(({ channel }) => channel)).toEqual(['webhook']);
    });
  });

  test(`${dialect}: recordAlert writes nothing for a request that is taken, has left new, or is gone`, async () => {
    await withAlertStores(dialect, async ({ db, clock, quotes, inbox, ledger, devices }) => {
      await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
      const taken = requestOf(await quotes.insert(urgent));
      const contacted = requestOf(await quotes.insert(urgent));
      const deleted = requestOf(await quotes.insert(urgent));
      await markTaken(db, taken.id, jo, clock.now());
      await recorded(inbox, { id: contacted.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: jo, at: clock.now() });
      await quotes.delete(deleted.id);

      for (const { id } of [taken, contacted, deleted]) {
        expect(await ledger.recordAlert(id, alertRecord('new', clock.now(), [sam]), { webhook: true })).toBe(false);
      }
      expect(await db.selectFrom('alert_records').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('alert_deliveries').selectAll().execute()).toEqual([]);
    });
  });

  test(`${dialect}: deleting a request removes its steps and deliveries, claimed or not`, async () => {
    await withAlertStores(dialect, async ({ db, clock, quotes, ledger, outbox, devices }) => {
      await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
      const deleted = requestOf(await quotes.insert(urgent));
      const kept = requestOf(await quotes.insert(urgent));
      for (const { id } of [deleted, kept]) await ledger.recordAlert(id, alertRecord('new', clock.now(), [sam]), { webhook: true });
      await outbox.claimDue(1);

      expect(await quotes.delete(deleted.id)).toBe(true);
      expect(await db.selectFrom('alert_records').select('quote_id').execute()).toEqual([{ quote_id: kept.id }]);
      expect(new Set((await db.selectFrom('alert_deliveries').select('quote_id').execute()).map(({ quote_id }) => quote_id))).toEqual(new Set([kept.id]));
      expect((await outbox.backlog()).pending).toBe(2);
    });
  });

  test(`${dialect}: redeemTake spends a push delivery's token once, for its own request only`, async () => {
    await withAlertStores(dialect, async ({ db, clock, quotes, ledger, devices }) => {
      const phone = await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
      await devices.saveDevice(jo, subscription('jo-phone'), clock.now());
      const request = requestOf(await quotes.insert(urgent));
      const other = requestOf(await quotes.insert(urgent));
      await ledger.recordAlert(request.id, alertRecord('new', clock.now(), [sam, jo]), { webhook: true });
      const rows = await db.selectFrom('alert_deliveries').select(['id', 'channel', 'device_id']).execute();
      const toSam = rows.find(({ device_id }) => device_id === phone.id);
      const toJo = rows.find(({ channel, device_id }) => channel === 'push' && device_id !== phone.id);
      const toWebhook = rows.find(({ channel }) => channel === 'webhook');
      if (toSam === undefined || toJo === undefined || toWebhook === undefined) throw new Error('expected three deliveries');

      expect(await ledger.redeemTake(toSam.id, other.id, clock.now())).toBeUndefined();
      expect(await ledger.redeemTake(toWebhook.id, request.id, clock.now())).toBeUndefined();
      expect(await ledger.redeemTake('no-such-delivery', request.id, clock.now())).toBeUndefined();
      expect(await ledger.redeemTake(toSam.id, request.id, clock.now())).toBe(sam);
      expect(await ledger.redeemTake(toSam.id, request.id, clock.now())).toBeUndefined();
      const spent = await db.selectFrom('alert_deliveries').select('take_redeemed_at').where('id', '=', toSam.id).executeTakeFirstOrThrow();
      expect(spent.take_redeemed_at && new Date(spent.take_redeemed_at)).toEqual(clock.now());

      // Jo's device removed: its delivery, and its token, went with it.
      const [joDevice] = await devices.listDevices(jo);
      expect(await devices.removeDevice(jo, joDevice?.id ?? '')).toBe(true);
      expect(await ledger.redeemTake(toJo.id, request.id, clock.now())).toBeUndefined();
    });
  });

  test(`${dialect}: recording any sequence of steps keeps the first of each and queues its deliveries once`, async () => {
    await withAlertStores(dialect, async ({ db, clock, quotes, ledger, devices }) => {
      const deviceCount: Readonly<Record<string, number>> = { [sam]: 2, [jo]: 1, [priya]: 0 };
      for (const [email, count] of Object.entries(deviceCount)) {
        for (let index = 0; index < count; index++) await devices.saveDevice(email, subscription(`${email}-${index}`), clock.now());
      }
      const attempt = fc.record({
        step: fc.constantFrom(...alertSteps),
        recipients: fc.subarray([sam, jo, priya]),
        webhook: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(attempt, { maxLength: 8 }), async (attempts) => {
          await db.deleteFrom('quote_requests').execute();
          const request = requestOf(await quotes.insert(urgent));
          const first = new Map<AlertStep, (typeof attempts)[number]>();
          for (const one of attempts) {
            const recorded = await ledger.recordAlert(request.id, alertRecord(one.step, clock.now(), one.recipients), { webhook: one.webhook });
            expect(recorded).toBe(!first.has(one.step));
            if (!first.has(one.step)) first.set(one.step, one);
          }
          const [candidate] = await ledger.awaitingSomeone(request.createdAt);
          expect(new Set(candidate?.sent.map(({ step, recipients }) => ({ step, recipients })))).toEqual(
            new Set([...first].map(([step, { recipients }]) => ({ step, recipients }))),
          );
          const expected = [...first.values()].reduce(
            (sum, { recipients, webhook }) => sum + recipients.reduce((devicesOf, email) => devicesOf + (deviceCount[email] ?? 0), 0) + (webhook ? 1 : 0),
            0,
          );
          expect(await deliveriesOf(db, request.id)).toHaveLength(expected);
        }),
        { numRuns: 25 },
      );
    });
  });
}

test('postgres: two servers recording the same step at once: one records it, and its deliveries are queued once', async () => {
  await withAlertStores('postgres', async ({ db, scratch, clock, quotes, devices }) => {
    await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
    await devices.saveDevice(jo, subscription('jo-phone'), clock.now());
    const servers = [scratch.open(), scratch.open()];
    try {
      const ledgers = servers.map((server) => storesOver(server, clock).ledger);
      for (let round = 0; round < 10; round++) {
        const request = requestOf(await quotes.insert(urgent));
        const outcomes = await Promise.all(
          ledgers.flatMap((ledger) =>
            [0, 1].map(() => ledger.recordAlert(request.id, alertRecord('new', clock.now(), [sam, jo]), { webhook: true })),
          ),
        );
        expect(outcomes.filter(Boolean)).toHaveLength(1);
        expect(await deliveriesOf(db, request.id)).toHaveLength(3);
      }
    } finally {
      await Promise.all(servers.map((server) => server.destroy()));
    }
  });
});

test('postgres: a request taken while a step is being recorded either gets the whole step before the take or nothing', async () => {
  await withAlertStores('postgres', async ({ db, scratch, clock, quotes, devices }) => {
    await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
    const server = scratch.open();
    try {
      const ledger = storesOver(server, clock).ledger;
      for (let round = 0; round < 10; round++) {
        const request = requestOf(await quotes.insert(urgent));
        const [recorded] = await Promise.all([
          ledger.recordAlert(request.id, alertRecord('new', clock.now(), [sam]), { webhook: true }),
          markTaken(db, request.id, jo, clock.now()),
        ]);
        expect(await deliveriesOf(db, request.id)).toHaveLength(recorded ? 2 : 0);
        expect(await ledger.recordAlert(request.id, alertRecord('escalated', clock.now(), [sam]), { webhook: true })).toBe(false);
      }
    } finally {
      await server.destroy();
    }
  });
});
