import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { maxPushDevicesPerStaff, PushDeviceRefused } from '../../domain/alerts/alert-devices';
import { RotaRejected } from '../../domain/alerts/alert-settings';
import { alertsCopy } from '../../domain/alerts/alerts-copy';
import { NotSignedIn } from '../../domain/staff/staff';
import { mswServer } from '../contracts/msw-server.test-support';
import { alertPaths } from '../http-api/alerts-wire';
import { InMemoryAlertSettings } from '../memory/in-memory-alert-settings.test-support';
import { createAlertHandlers } from './alert-handlers.test-support';
import { RestAlertSettings } from './rest-alert-settings';

const server = mswServer();

const sam = 'sam.porter@example.co.uk';
const jo = 'jo@example.co.uk';
const subscription = {
  endpoint: 'https://push.example.net/send/abc123',
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
  label: 'Chrome on Android',
};

/** The API on an origin of its own, over memory settings whose clock is fixed. */
function alertsApi({ signedIn = true, showAlert }: { signedIn?: boolean; showAlert?: () => Promise<void> } = {}) {
  const baseUrl = `http://${crypto.randomUUID()}.test`;
  const now = new Date('2026-11-20T15:40:00Z');
  const settings = new InMemoryAlertSettings({ staff: [sam, jo], now: () => now, ...(showAlert ? { showAlert } : {}) });
  server.use(...createAlertHandlers({ baseUrl, settings, publicKey: 'BPublicKey', signedIn }));
  return { baseUrl, settings, now, client: new RestAlertSettings({ baseUrl }) };
}

test('the push key is the one the server answers', async () => {
  expect(await alertsApi().client.pushKey()).toBe('BPublicKey');
});

test('a device added is listed with its label and times, and removed once', async () => {
  const { client, now } = alertsApi();

  const added = await client.addDevice(subscription);
  expect(added).toEqual({ id: added.id, label: 'Chrome on Android', createdAt: now, lastAlertAt: null });
  expect(await client.devices()).toEqual([added]);

  expect(await client.removeDevice(added.id)).toBe(true);
  expect(await client.removeDevice(added.id)).toBe(false);
  expect(await client.devices()).toEqual([]);
});

test('the test alert answers how many devices it reached and how many did not answer', async () => {
  const { client } = alertsApi({ showAlert: () => Promise.resolve() });
  await client.addDevice(subscription);
  await client.addDevice({ ...subscription, endpoint: 'https://push.example.net/send/def456', label: 'Safari on iPhone' });

  expect(await client.sendTestAlert()).toEqual({ delivered: 2, failed: 0 });
});

test('the rota saved is the rota read, with the staff who can be on it', async () => {
  const { client } = alertsApi();
  const shifts = [
    { staff: sam, day: 'friday', start: '18:00', end: '08:00' },
    { staff: jo, day: 'saturday', start: '08:00', end: '18:00' },
  ] as const;

  await client.saveRota(shifts);

  expect(await client.rota()).toEqual({ shifts, staff: [sam, jo] });
});

test('a rota the server refuses rejects with every field it names, and nothing is saved', async () => {
  const { client } = alertsApi();

  const refused = await client.saveRota([{ staff: sam, day: 'friday', start: '8am', end: '18:00' }]).catch((error: unknown) => error);

  expect(refused).toBeInstanceOf(RotaRejected);
  expect((refused as RotaRejected).issues).toEqual([{ field: 'shifts.0.start', message: 'Start must be a time like 08:00' }]);
  expect((await client.rota()).shifts).toEqual([]);
});

test('a rota naming someone without an account is refused on their field', async () => {
  const { client } = alertsApi();

  const refused = await client.saveRota([{ staff: 'gone@example.co.uk', day: 'monday', start: '08:00', end: '18:00' }]).catch((error: unknown) => error);

  expect((refused as RotaRejected).issues).toEqual([{ field: 'shifts.0.staff', message: 'Choose someone from the staff list' }]);
});

test('every call without a staff session rejects with NotSignedIn', async () => {
  const { client } = alertsApi({ signedIn: false });

  for (const call of [
    () => client.pushKey(),
    () => client.devices(),
    () => client.addDevice(subscription),
    () => client.removeDevice('device-1'),
    () => client.sendTestAlert(),
    () => client.rota(),
    () => client.saveRota([]),
  ]) {
    await expect(call()).rejects.toBeInstanceOf(NotSignedIn);
  }
});

test('a server that fails is described: which call, and what the server answered', async () => {
  const { client, baseUrl } = alertsApi();
  server.use(http.post(new URL(alertPaths.test, baseUrl).href, () => HttpResponse.json({ error: 'storage-unavailable', message: 'Down' }, { status: 503 })));

  await expect(client.sendTestAlert()).rejects.toThrow('Sending a test alert failed: the server answered 503 (storage-unavailable: Down)');
});

test('a 400 on saving the rota that names no fields is a failure, not a rejection of the rota', async () => {
  const { client, baseUrl } = alertsApi();
  server.use(http.put(new URL(alertPaths.rota, baseUrl).href, () => HttpResponse.json({ error: 'invalid-json', message: 'Not JSON' }, { status: 400 })));

  const error = await client.saveRota([]).catch((cause: unknown) => cause);

  expect(error).not.toBeInstanceOf(RotaRejected);
  expect(String(error)).toContain('Saving the on-call rota failed: the server answered 400 (invalid-json: Not JSON)');
});

test('a device list that is not what the API promises is described', async () => {
  const { client, baseUrl } = alertsApi();
  server.use(http.get(new URL(alertPaths.devices, baseUrl).href, () => HttpResponse.json({ devices: [{ id: 1 }] })));

  await expect(client.devices()).rejects.toThrow(/Reading the alert devices failed: the server's answer is not what the API promises/);
});

test('a device is removed by its id, escaped in the path', async () => {
  const { client, baseUrl } = alertsApi();
  let path = '';
  server.use(
    http.delete(`${baseUrl}/api/alerts/devices/:id`, ({ request }) => {
      path = new URL(request.url).pathname;
      return new HttpResponse(null, { status: 204 });
    }),
  );

  expect(await client.removeDevice('a/b')).toBe(true);
  expect(path).toBe('/api/alerts/devices/a%2Fb');
});

test('an eleventh device, or one on a push service that is not public, rejects saying why, as the server refuses it', async () => {
  const { client } = alertsApi();
  await expect(client.addDevice({ ...subscription, endpoint: 'https://127.0.0.1/push/x' })).rejects.toMatchObject({ reason: 'endpoint-not-allowed' });
  for (let index = 0; index < maxPushDevicesPerStaff; index++) await client.addDevice({ ...subscription, endpoint: `https://push.example.net/send/${index}` });
  const refused = await client.addDevice({ ...subscription, endpoint: 'https://push.example.net/send/eleventh' }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(PushDeviceRefused);
  expect(refused).toMatchObject({ reason: 'too-many-devices', message: alertsCopy.problems['too-many-devices'] });
  expect(await client.devices()).toHaveLength(maxPushDevicesPerStaff);
});
