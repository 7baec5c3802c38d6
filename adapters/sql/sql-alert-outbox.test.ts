import { expect, test } from 'vitest';
import { requestOf } from '../contracts/store-under-test.test-support';
import type { ClaimedAlert } from '../../domain/ports/alert-stores';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { sqlDialects } from './scratch-database.test-support';
import { takenBeforeDelivery } from './sql-alert-outbox';
import { alertRecord, deliveriesOf, jo, markTaken, sam, storesOver, subscription, withAlertStores } from './sql-alert-store.test-support';
import { recorded } from '../contracts/recorded-step.test-support';

const minute = 60_000;

const urgent = sampleQuote({ name: 'Tom Okoro', serviceType: 'emergency', urgent: true });

const summary = ({ step, attempts, quote, target }: ClaimedAlert) => ({
  name: quote.name,
  step,
  attempts,
  to: target.channel === 'push' ? target.device.label : 'webhook',
});

for (const dialect of sqlDialects) {
  test(`${dialect}: claimDue hands over the due alerts oldest first, each with its request and device, and leases them`, async () => {
    await withAlertStores(dialect, async ({ clock, quotes, ledger, outbox, devices }) => {
      const phone = await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
      const first = requestOf(await quotes.insert({ ...urgent, name: 'First' }));
      await ledger.recordAlert(first.id, alertRecord('new', clock.now(), [sam]), { webhook: true });
      clock.time += minute;
      const second = requestOf(await quotes.insert({ ...urgent, name: 'Second' }));
      await ledger.recordAlert(second.id, alertRecord('new', clock.now(), [sam]), { webhook: false });

      const claimed = await outbox.claimDue(10);
      expect(claimed.map(summary)).toEqual([
        { name: 'First', step: 'new', attempts: 1, to: phone.label },
        { name: 'First', step: 'new', attempts: 1, to: 'webhook' },
        { name: 'Second', step: 'new', attempts: 1, to: phone.label },
      ]);
      expect(claimed.map(({ quote }) => quote)).toEqual([first, first, second]);
      expect(claimed[0]?.target).toEqual({ channel: 'push', device: { id: phone.id, staff: sam, ...subscription('sam-phone') } });

      // Leased: nobody else gets them while the claimer may still be sending.
      expect(await outbox.claimDue(10)).toEqual([]);
      clock.time += 60_000 - 1;
      expect(await outbox.claimDue(10)).toEqual([]);
      // The claimer never answered: once the lease is over they are due again.
      clock.time += 1;
      const again = await outbox.claimDue(2);
      expect(again.map(({ id }) => id)).toEqual(claimed.slice(0, 2).map(({ id }) => id));
      expect(again.map(({ attempts }) => attempts)).toEqual([2, 2]);
      await expect(outbox.claimDue(0)).rejects.toThrow(RangeError);
    });
  });

  test(`${dialect}: markSent ends a delivery and dates its device's last alert; markFailed retries later; the backlog counts what waits`, async () => {
    await withAlertStores(dialect, async ({ db, clock, quotes, ledger, outbox, devices }) => {
      await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
      expect(await outbox.backlog()).toEqual({ pending: 0, oldestPendingSince: null });
      const request = requestOf(await quotes.insert(urgent));
      await ledger.recordAlert(request.id, alertRecord('new', clock.now(), [sam]), { webhook: true });
      expect(await outbox.backlog()).toEqual({ pending: 2, oldestPendingSince: clock.now() });

      const [push, webhook] = await outbox.claimDue(10);
      if (push === undefined || webhook === undefined) throw new Error('expected two');
      clock.time += 1000;
      await outbox.markSent(push.id, clock.now());
      // A late failure report (from a claimer whose lease ran out) does not undo the delivery.
      await outbox.markFailed(push.id, 'timeout', clock.now());
      await outbox.markFailed(webhook.id, `503 Service Unavailable 🙂 ${'x'.repeat(600)}`, new Date(clock.time + 5 * minute));
      expect(await devices.listDevices(sam)).toEqual([expect.objectContaining({ lastAlertAt: clock.now() })]);
      expect(await outbox.backlog()).toEqual({ pending: 1, oldestPendingSince: request.createdAt });

      const sentAt = clock.now();
      clock.time += 2 * minute;
      expect(await outbox.claimDue(10)).toEqual([]);
      clock.time += 3 * minute;
      const retried = await outbox.claimDue(10);
      expect(retried.map(summary)).toEqual([{ name: urgent.name, step: 'new', attempts: 2, to: 'webhook' }]);
      await outbox.markSent(retried[0]?.id ?? '', clock.now());
      expect(await outbox.backlog()).toEqual({ pending: 0, oldestPendingSince: null });
      // A report of an earlier push, arriving late, does not move the device's last alert back.
      await ledger.recordAlert(request.id, alertRecord('escalated', clock.now(), [sam]), { webhook: false });
      const [late] = await outbox.claimDue(10);
      await outbox.markSent(late?.id ?? '', new Date(sentAt.getTime() - 1));
      expect(await devices.listDevices(sam)).toEqual([expect.objectContaining({ lastAlertAt: sentAt })]);
      const [row] = (await deliveriesOf(db, request.id)).filter(({ channel }) => channel === 'webhook');
      expect(row?.last_error?.startsWith('503 Service Unavailable 🙂 xxx')).toBe(true);
      expect(Array.from(row?.last_error ?? '')).toHaveLength(500);
    });
  });

  test(`${dialect}: a push about a request taken or moved on before it went is not delivered; the webhook's still is`, async () => {
    await withAlertStores(dialect, async ({ db, clock, quotes, inbox, ledger, outbox, devices }) => {
      await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
      const taken = requestOf(await quotes.insert({ ...urgent, name: 'Taken' }));
      const contacted = requestOf(await quotes.insert({ ...urgent, name: 'Contacted' }));
      const waiting = requestOf(await quotes.insert({ ...urgent, name: 'Waiting' }));
      for (const { id } of [taken, contacted, waiting]) await ledger.recordAlert(id, alertRecord('new', clock.now(), [sam]), { webhook: true });
      await markTaken(db, taken.id, jo, clock.now());
      await recorded(inbox, { id: contacted.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: jo, at: clock.now() });

      const claimed = await outbox.claimDue(10);
      expect(claimed.map(summary)).toEqual(
        expect.arrayContaining([
          { name: 'Taken', step: 'new', attempts: 1, to: 'webhook' },
          { name: 'Contacted', step: 'new', attempts: 1, to: 'webhook' },
          { name: 'Waiting', step: 'new', attempts: 1, to: 'Chrome on sam-phone' },
          { name: 'Waiting', step: 'new', attempts: 1, to: 'webhook' },
        ]),
      );
      expect(claimed).toHaveLength(4);
      for (const { id } of [taken, contacted]) {
        expect((await deliveriesOf(db, id)).filter(({ channel }) => channel === 'push')).toEqual([
          expect.objectContaining({ sent_at: expect.anything() as unknown, last_error: takenBeforeDelivery }),
        ]);
      }
      expect((await outbox.backlog()).pending).toBe(4);
    });
  });

  test(`${dialect}: a push claimed, then its request taken, is dropped when its lease runs out rather than sent again`, async () => {
    await withAlertStores(dialect, async ({ db, clock, quotes, ledger, outbox, devices }) => {
      await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
      const request = requestOf(await quotes.insert(urgent));
      await ledger.recordAlert(request.id, alertRecord('new', clock.now(), [sam]), { webhook: false });
      expect(await outbox.claimDue(10)).toHaveLength(1);
      await markTaken(db, request.id, jo, clock.now());
      clock.time += minute;
      expect(await outbox.claimDue(10)).toEqual([]);
      expect(await outbox.backlog()).toEqual({ pending: 0, oldestPendingSince: null });
    });
  });

  test(`${dialect}: renew holds a claimed alert past its lease while its sender still works on it`, async () => {
    await withAlertStores(dialect, async ({ clock, quotes, ledger, outbox, devices }) => {
      await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
      const request = requestOf(await quotes.insert(urgent));
      await ledger.recordAlert(request.id, alertRecord('new', clock.now(), [sam]), { webhook: true });
      const claimed = await outbox.claimDue(10);
      expect(claimed).toHaveLength(2);
      clock.time += 50_000;
      await outbox.renew(claimed.map(({ id }) => id));
      clock.time += 50_000;
      expect(await outbox.claimDue(10)).toEqual([]);
      clock.time += 10_000;
      expect((await outbox.claimDue(10)).map(({ attempts }) => attempts)).toEqual([2, 2]);
    });
  });

  test(`${dialect}: forgetDevice removes the device and what waits for it; removing a staff account removes their devices`, async () => {
    await withAlertStores(dialect, async ({ db, clock, quotes, staff, ledger, outbox, devices }) => {
      const gone = await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
      await devices.saveDevice(sam, subscription('sam-tablet'), clock.now());
      await devices.saveDevice(jo, subscription('jo-phone'), clock.now());
      const request = requestOf(await quotes.insert(urgent));
      await ledger.recordAlert(request.id, alertRecord('new', clock.now(), [sam, jo]), { webhook: true });
      expect((await outbox.backlog()).pending).toBe(4);

      await outbox.forgetDevice(gone.id);
      await outbox.forgetDevice(gone.id);
      expect((await devices.listDevices(sam)).map(({ label }) => label)).toEqual(['Chrome on sam-tablet']);
      expect((await outbox.backlog()).pending).toBe(3);

      expect(await staff.removeAccount(jo)).toBe(true);
      expect(await devices.listDevices(jo)).toEqual([]);
      expect(await db.selectFrom('push_devices').select('staff_email').execute()).toEqual([{ staff_email: sam }]);
      expect((await outbox.claimDue(10)).map(summary)).toEqual([
        { name: urgent.name, step: 'new', attempts: 1, to: 'Chrome on sam-tablet' },
        { name: urgent.name, step: 'new', attempts: 1, to: 'webhook' },
      ]);
    });
  });
}

test('postgres: two servers claiming at once never claim the same alert, and between them claim every one', async () => {
  await withAlertStores('postgres', async ({ scratch, clock, quotes, ledger, devices }) => {
    for (const name of ['a', 'b', 'c']) await devices.saveDevice(sam, subscription(`sam-${name}`), clock.now());
    await devices.saveDevice(jo, subscription('jo-phone'), clock.now());
    for (let index = 0; index < 20; index++) {
      const request = requestOf(await quotes.insert(urgent));
      await ledger.recordAlert(request.id, alertRecord('new', clock.now(), [sam, jo]), { webhook: true });
    }
    const servers = [scratch.open(), scratch.open(), scratch.open()];
    try {
      const outboxes = servers.map((server) => storesOver(server, clock).outbox);
      const claimedIds: string[] = [];
      for (;;) {
        const rounds = await Promise.all(outboxes.map((outbox) => outbox.claimDue(7)));
        const ids = rounds.flat().map(({ id }) => id);
        if (ids.length === 0) break;
        claimedIds.push(...ids);
      }
      expect(claimedIds).toHaveLength(20 * 5);
      expect(new Set(claimedIds).size).toBe(20 * 5);
    } finally {
      await Promise.all(servers.map((server) => server.destroy()));
    }
  });
});
