import { expect, test } from 'vitest';
import type { TestAlert } from '../../domain/alerts/alert-message';
import { maxPushDevicesPerStaff, PushDeviceRefused } from '../../domain/alerts/alert-devices';
import { RotaRejected } from '../../domain/alerts/alert-settings';
import { alertsCopy } from '../../domain/alerts/alerts-copy';
import { InMemoryAlertSettings } from './in-memory-alert-settings.test-support';

const you = 'demo@se1plumbing.example';
const sam = 'sam.porter@se1plumbing.example';
const now = new Date('2026-11-20T15:40:00Z');
const device = { endpoint: 'local:Chrome on Android', p256dh: '', auth: '', label: 'Chrome on Android' };

test('the demo has no push key: alerts are shown on this device alone', async () => {
  expect(await new InMemoryAlertSettings({ staff: [you] }).pushKey()).toBeNull();
});

test('a device added twice (the same endpoint) is kept once, under its newest label', async () => {
  const settings = new InMemoryAlertSettings({ staff: [you], now: () => now });

  const first = await settings.addDevice(device);
  const again = await settings.addDevice({ ...device, label: 'Chrome on Linux' });

  expect(again.id).toBe(first.id);
  expect(await settings.devices()).toEqual([{ id: first.id, label: 'Chrome on Linux', createdAt: now, lastAlertAt: null }]);
});

test('the test alert is shown once through the function given, and counts for every device', async () => {
  const shown: TestAlert[] = [];
  const settings = new InMemoryAlertSettings({ staff: [you], now: () => now, showAlert: (alert) => Promise.resolve(void shown.push(alert)) });
  await settings.addDevice(device);
  await settings.addDevice({ ...device, endpoint: 'local:other' });

  expect(await settings.sendTestAlert()).toEqual({ delivered: 2, failed: 0 });
  expect(shown).toEqual([{ kind: 'test', sentAt: now.toISOString() }]);
  expect((await settings.devices()).map(({ lastAlertAt }) => lastAlertAt)).toEqual([now, now]);
});

test('a test alert that cannot be shown, or has no device to go to, reaches nobody', async () => {
  const failing = new InMemoryAlertSettings({ staff: [you], showAlert: () => Promise.reject(new Error('no worker')) });
  await failing.addDevice(device);
  expect(await failing.sendTestAlert()).toEqual({ delivered: 0, failed: 1 });
  expect((await failing.devices())[0]?.lastAlertAt).toBeNull();

  expect(await new InMemoryAlertSettings({ staff: [you] }).sendTestAlert()).toEqual({ delivered: 0, failed: 0 });
});

test('the rota starts empty, with the staff who can be on it, and is replaced whole', async () => {
  const settings = new InMemoryAlertSettings({ staff: [you, sam] });
  expect(await settings.rota()).toEqual({ shifts: [], staff: [you, sam] });

  await settings.saveRota([{ staff: sam, day: 'sunday', start: ' 18:00 ', end: '08:00' }]);

  expect((await settings.rota()).shifts).toEqual([{ staff: sam, day: 'sunday', start: '18:00', end: '08:00' }]);
});

test('a rota breaking a rule or naming a stranger is refused whole, each issue naming its field', async () => {
  const settings = new InMemoryAlertSettings({ staff: [you], shifts: [{ staff: you, day: 'monday', start: '08:00', end: '18:00' }] });

  const badTime = await settings.saveRota([{ staff: you, day: 'monday', start: '25:00', end: '18:00' }]).catch((error: unknown) => error);
  const stranger = await settings.saveRota([{ staff: you, day: 'monday', start: '08:00', end: '18:00' }, { staff: sam, day: 'monday', start: '08:00', end: '18:00' }]).catch((error: unknown) => error);

  expect(badTime).toEqual(new RotaRejected([{ field: 'shifts.0.start', message: 'Start must be a time like 08:00' }]));
  expect((badTime as RotaRejected).issues).toEqual([{ field: 'shifts.0.start', message: 'Start must be a time like 08:00' }]);
  expect((stranger as RotaRejected).issues).toEqual([{ field: 'shifts.1.staff', message: 'Choose someone from the staff list' }]);
  expect((await settings.rota()).shifts).toEqual([{ staff: you, day: 'monday', start: '08:00', end: '18:00' }]);
});

test('ten devices at most: the eleventh is refused with what staff are told, one of the ten added again is not', async () => {
  const settings = new InMemoryAlertSettings({ staff: [you], now: () => now });
  for (let index = 0; index < maxPushDevicesPerStaff; index++) await settings.addDevice({ ...device, endpoint: `local:browser ${index}` });

  const refused = settings.addDevice({ ...device, endpoint: 'local:one too many' });
  await expect(refused).rejects.toBeInstanceOf(PushDeviceRefused);
  await expect(refused).rejects.toMatchObject({ reason: 'too-many-devices', message: alertsCopy.problems['too-many-devices'] });
  await settings.addDevice({ ...device, endpoint: 'local:browser 3', label: 'Renamed' });
  expect(await settings.devices()).toHaveLength(maxPushDevicesPerStaff);
});

test('a push subscription on this machine or a private network is refused as the server refuses it; the demo\'s own devices are not', async () => {
  const settings = new InMemoryAlertSettings({ staff: [you], now: () => now });
  for (const endpoint of ['https://127.0.0.1/push/x', 'https://[::ffff:7f00:1]/x', 'http://push.example.net/x', 'https://10.0.0.1/x']) {
    await expect(settings.addDevice({ ...device, endpoint }), endpoint).rejects.toMatchObject({ reason: 'endpoint-not-allowed' });
  }
  expect(await settings.devices()).toEqual([]);
  await settings.addDevice({ ...device, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' });
  await settings.addDevice(device);
  expect(await settings.devices()).toHaveLength(2);
});
