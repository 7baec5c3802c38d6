import { expect, test } from 'vitest';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { maxPushDevicesPerStaff, PushDeviceRefused } from '../../domain/alerts/alert-devices';
import { alertsCopy } from '../../domain/alerts/alerts-copy';
import { sqlDialects } from './scratch-database.test-support';
import { alertRecord, deliveriesOf, jo, sam, storesOver, subscription, withAlertStores } from './sql-alert-store.test-support';

const minute = 60_000;

for (const dialect of sqlDialects) {
  test(`${dialect}: saveDevice keeps a staff member's devices, listed oldest first and pushed to with their keys`, async () => {
    await withAlertStores(dialect, async ({ clock, devices }) => {
      expect(await devices.listDevices(sam)).toEqual([]);
      const phone = await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
      expect(phone).toEqual({ id: expect.any(String) as unknown, label: 'Chrome on sam-phone', createdAt: clock.now(), lastAlertAt: null });
      clock.time += minute;
      const tablet = await devices.saveDevice(sam, subscription('sam-tablet'), clock.now());
      await devices.saveDevice(jo, subscription('jo-phone'), clock.now());

      expect(await devices.listDevices(sam)).toEqual([phone, tablet]);
      expect(await devices.pushTargets(sam)).toEqual([
        { id: phone.id, staff: sam, ...subscription('sam-phone') },
        { id: tablet.id, staff: sam, ...subscription('sam-tablet') },
      ]);
      expect((await devices.pushTargets(jo)).map(({ endpoint }) => endpoint)).toEqual([subscription('jo-phone').endpoint]);
      expect(await devices.pushTargets('nobody@example.co.uk')).toEqual([]);
    });
  });

  test(`${dialect}: saving a subscription again updates its keys and label and keeps the device`, async () => {
    await withAlertStores(dialect, async ({ clock, devices }) => {
      const phone = await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
      clock.time += minute;
      const renewed = { ...subscription('sam-phone'), p256dh: 'BNewKey', auth: 'newAuth', label: 'Firefox on Android' };
      expect(await devices.saveDevice(sam, renewed, clock.now())).toEqual({ ...phone, label: 'Firefox on Android' });
      expect(await devices.pushTargets(sam)).toEqual([{ id: phone.id, staff: sam, ...renewed }]);
    });
  });

  test(`${dialect}: a subscription saved by another staff member becomes a new device of theirs, without what waited for the first`, async () => {
    await withAlertStores(dialect, async ({ db, clock, quotes, ledger, devices }) => {
      const samPhone = await devices.saveDevice(sam, subscription('shared-phone'), clock.now());
      const request = await quotes.insert(sampleQuote({ urgent: true }));
      await ledger.recordAlert(request.id, alertRecord('new', clock.now(), [sam]), { webhook: false });
      clock.time += minute;

      const joPhone = await devices.saveDevice(jo, subscription('shared-phone'), clock.now());
      expect(joPhone.id).not.toBe(samPhone.id);
      expect(joPhone.createdAt).toEqual(clock.now());
      expect(await devices.listDevices(sam)).toEqual([]);
      expect(await devices.listDevices(jo)).toEqual([joPhone]);
      expect(await deliveriesOf(db, request.id)).toEqual([]);
    });
  });

  test(`${dialect}: removeDevice removes only one's own device`, async () => {
    await withAlertStores(dialect, async ({ clock, devices }) => {
      const samPhone = await devices.saveDevice(sam, subscription('sam-phone'), clock.now());
      const joPhone = await devices.saveDevice(jo, subscription('jo-phone'), clock.now());
      expect(await devices.removeDevice(sam, joPhone.id)).toBe(false);
      expect(await devices.listDevices(jo)).toEqual([joPhone]);
      expect(await devices.removeDevice(sam, samPhone.id)).toBe(true);
      expect(await devices.removeDevice(sam, samPhone.id)).toBe(false);
      expect(await devices.listDevices(sam)).toEqual([]);
    });
  });

  test(`${dialect}: a device needs an account, and a subscription whose keys are missing is refused whole`, async () => {
    await withAlertStores(dialect, async ({ db, clock, devices }) => {
      await expect(devices.saveDevice('nobody@example.co.uk', subscription('phone'), clock.now())).rejects.toThrow(/foreign key/i);
      await expect(devices.saveDevice(sam, { ...subscription('phone'), auth: '' }, clock.now())).rejects.toThrow('push_devices_auth_length');
      await expect(devices.saveDevice(sam, { ...subscription('phone'), endpoint: 'x'.repeat(2049) }, clock.now())).rejects.toThrow('push_devices_endpoint_length');
      expect(await db.selectFrom('push_devices').selectAll().execute()).toEqual([]);
    });
  });

  test(`${dialect}: a staff member keeps at most ten devices; the eleventh is refused whole, saving one of the ten again is not`, async () => {
    await withAlertStores(dialect, async ({ clock, devices }) => {
      const kept = [];
      for (let index = 0; index < maxPushDevicesPerStaff; index++) {
        clock.time += minute;
        kept.push(await devices.saveDevice(sam, subscription(`sam-${index}`), clock.now()));
      }
      const jos = await devices.saveDevice(jo, subscription('jo-phone'), clock.now());

      const refused = devices.saveDevice(sam, subscription('sam-eleventh'), clock.now());
      await expect(refused).rejects.toBeInstanceOf(PushDeviceRefused);
      await expect(refused).rejects.toMatchObject({ reason: 'too-many-devices', message: alertsCopy.problems['too-many-devices'] });
      // Jo's phone, saved by Sam over ten, stays Jo's.
      await expect(devices.saveDevice(sam, subscription('jo-phone'), clock.now())).rejects.toMatchObject({ reason: 'too-many-devices' });
      expect(await devices.listDevices(jo)).toEqual([jos]);
      expect(await devices.listDevices(sam)).toEqual(kept);

      const renewed = await devices.saveDevice(sam, { ...subscription('sam-3'), label: 'Firefox on Android' }, clock.now());
      expect(renewed).toEqual({ ...kept[3], label: 'Firefox on Android' });
      expect(await devices.removeDevice(sam, kept[0]?.id ?? '')).toBe(true);
      await devices.saveDevice(sam, subscription('sam-eleventh'), clock.now());
      expect(await devices.listDevices(sam)).toHaveLength(maxPushDevicesPerStaff);
    });
  });

  // On PostgreSQL over two connections, as two servers; SQLite has one server and one connection per
  // file (node:sqlite waits for a lock synchronously, so a second connection in this process would
  // wait on the first with the event loop stopped).
  test(`${dialect}: thirty devices saved at once leave exactly ten, the rest refused as too many`, async () => {
    await withAlertStores(dialect, async ({ scratch, clock, devices }) => {
      const second = dialect === 'postgres' ? scratch.open() : undefined;
      try {
        const other = second ? storesOver(second, clock).devices : devices;
        const saves = Array.from({ length: 30 }, (_, index) => (index % 2 === 0 ? devices : other).saveDevice(sam, subscription(`sam-${index}`), clock.now()));
        const results = await Promise.allSettled(saves);
        expect(results.filter(({ status }) => status === 'fulfilled')).toHaveLength(maxPushDevicesPerStaff);
        for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(PushDeviceRefused);
        expect(await devices.listDevices(sam)).toHaveLength(maxPushDevicesPerStaff);
      } finally {
        await second?.destroy();
      }
    });
  });
}
