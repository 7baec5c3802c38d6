import { expect, test } from 'vitest';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { sqlDialects } from './scratch-database.test-support';
import { alertRecord, deliveriesOf, jo, sam, subscription, withAlertStores } from './sql-alert-store.test-support';

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
}
