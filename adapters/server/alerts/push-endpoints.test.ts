// A staff account in the wrong hands must not turn the server's pushes against this machine or its network.
import { countingListener } from '../../push/counting-listener.test-support';
import { createECDH, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { alertPaths, WirePushDevicesSchema, WireTestAlertSchema } from '../../http-api/alerts-wire';
import { WireErrorSchema } from '../../http-api/wire';
import { SqlPushDeviceStore } from '../../sql/sql-push-device-store';
import { startTestServer, type TestServer, testStaff } from '../test-server.test-support';

/** A browser's keys: a P-256 public key and a 16-byte secret, so a push to them can be encrypted. */
const browser = createECDH('prime256v1');
const keys = { p256dh: browser.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };

const send = (server: TestServer, method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: server.staffCookie },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

/** This machine, its network and the addresses that mean either, each as an attacker would spell it. */
const internal = [
  'https://127.0.0.1/push/x',
  'https://127.0.0.1./push/x',
  'https://[::1]/push/x',
  'https://0x7f000001/push/x',
  'https://2130706433/push/x',
  'https://0177.0.0.1/push/x',
  'https://127.1/push/x',
  'https://[::ffff:127.0.0.1]/push/x',
  'https://[0:0:0:0:0:ffff:7f00:1]/push/x',
  'https://[::ffff:a00:1]/push/x',
  'https://[64:ff9b::7f00:1]/push/x',
  'https://[2002:c0a8:101::1]/push/x',
  'https://0.0.0.0/push/x',
  'https://0/push/x',
  'https://[::]/push/x',
  'https://push.example@127.0.0.1/push/x',
  'https://push.example.net:secret@push.example.net/push/x',
  'https://[fe80::1]/push/x',
  'https://[fc00::1]/push/x',
  'https://[fd12:3456:789a::1]/push/x',
  'https://[ff02::1]/push/x',
  'https://10.1.2.3/push/x',
  'https://172.16.0.1/push/x',
  'https://172.31.255.254/push/x',
  'https://192.168.1.1/push/x',
  'https://169.254.169.254/latest/meta-data/',
  'https://100.64.0.1/push/x',
  'https://224.0.0.251/push/x',
  'https://239.255.255.250/push/x',
  'https://255.255.255.255/push/x',
  'https://localhost/push/x',
  'https://LOCALHOST/push/x',
  'https://localhost./push/x',
  'https://push.localhost/push/x',
  'https://printer.local/push/x',
  'https://intranet/push/x',
  'http://127.0.0.1/push/x',
  'http://push.example.net/push/x',
  'ftp://push.example.net/push/x',
];

/** What browsers' push services hand out: public HTTPS hosts. */
const pushServices = [
  'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
  'https://web.push.apple.com/QGx4aJ9',
  'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
  'https://[2a00:1450:4009:81f::200a]/push/x',
];

test('staff cannot register a push endpoint on this machine or a private network, however it is spelt', async () => {
  const server = await startTestServer('sqlite', { alerts: { allowLoopbackPush: false } });
  try {
    for (const endpoint of internal) {
      const response = await send(server, 'POST', alertPaths.devices, { endpoint, keys, label: 'Chrome on Android' });
      expect.soft(response.status, endpoint).toBe(400);
      const body = v.safeParse(WireErrorSchema, await response.json());
      expect.soft(body.success && body.output.fields?.map(({ field }) => field), endpoint).toEqual(['endpoint']);
      expect.soft(body.success && body.output.fields?.[0]?.message, endpoint).toMatch(/^Endpoint /);
    }
    expect(v.parse(WirePushDevicesSchema, await (await send(server, 'GET', alertPaths.devices)).json()).devices).toEqual([]);
    for (const endpoint of pushServices) {
      expect.soft((await send(server, 'POST', alertPaths.devices, { endpoint, keys, label: 'Chrome on Android' })).status, endpoint).toBe(201);
    }
  } finally {
    await server.stop();
  }
});


test('a device stored on an internal address before the rule, or behind it, is never connected to at send time', async () => {
  const listener = await countingListener();
  const server = await startTestServer('sqlite', { alerts: { allowLoopbackPush: false } });
  try {
    const devices = new SqlPushDeviceStore(server.db);
    await devices.saveDevice(testStaff.email, { endpoint: `https://127.0.0.1:${listener.port}/push/old`, ...keys, label: 'Old phone' }, new Date());
    await devices.saveDevice(testStaff.email, { endpoint: `https://[::ffff:127.0.0.1]:${listener.port}/push/mapped`, ...keys, label: 'Mapped' }, new Date());
    const response = await send(server, 'POST', alertPaths.test);
    expect(v.parse(WireTestAlertSchema, await response.json())).toEqual({ delivered: 0, failed: 2 });
    expect(listener.connections()).toBe(0);
  } finally {
    await server.stop();
    await listener.close();
  }
});
