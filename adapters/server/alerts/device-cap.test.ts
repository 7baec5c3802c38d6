// One staff account cannot make each alert a flood: at most ten devices, however fast they are added.
import * as v from 'valibot';
import { afterEach, expect, test } from 'vitest';
import { maxPushDevicesPerStaff, PushDeviceRefused } from '../../../domain/alerts/alert-devices';
import { alertsCopy } from '../../../domain/alerts/alerts-copy';
import { alertPaths, toWireNewPushDevice, WirePushDevicesSchema, WireTestAlertSchema } from '../../http-api/alerts-wire';
import { WireErrorSchema } from '../../http-api/wire';
import { startLoopbackPushService } from '../../push/loopback-push-service.test-support';
import { RestAlertSettings } from '../../rest/rest-alert-settings';
import { connectionLimitsOf, readServerConfig } from '../server-config';
import { databases, startTestServer, type TestServer } from '../test-server.test-support';

const stopAfter: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stopAfter.splice(0).reverse()) await stop();
});

const send = (server: TestServer, method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: server.staffCookie },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  test(`on ${kind}, sixty devices added at once leave ten, the rest told why, and a test alert makes ten pushes`, async () => {
    const service = await startLoopbackPushService();
    stopAfter.push(() => service.close());
    // Sixty connections at once from one address: the cap on them has tests of its own.
    const server = await startTestServer(kind, { alerts: {}, connections: connectionLimitsOf(readServerConfig({ MAX_CONNECTIONS_PER_CLIENT: '0' })) });
    stopAfter.push(() => server.stop());

    const subscriptions = Array.from({ length: 60 }, (_, index) => service.createSubscription(`Phone ${index}`));
    const answers = await Promise.all(subscriptions.map((subscription) => send(server, 'POST', alertPaths.devices, toWireNewPushDevice(subscription))));
    expect(answers.filter(({ status }) => status === 201)).toHaveLength(maxPushDevicesPerStaff);
    for (const answer of answers.filter(({ status }) => status !== 201)) {
      expect(answer.status).toBe(409);
      expect(v.parse(WireErrorSchema, await answer.json())).toEqual({ error: 'too-many-devices', message: alertsCopy.problems['too-many-devices'] });
    }
    const listed = v.parse(WirePushDevicesSchema, await (await send(server, 'GET', alertPaths.devices)).json()).devices;
    expect(listed).toHaveLength(maxPushDevicesPerStaff);

    // A device already kept, added again (its keys renewed), is not a new one.
    const kept = subscriptions.find(({ label }) => label === listed[0]?.label);
    if (kept === undefined) throw new Error('no device listed');
    expect((await send(server, 'POST', alertPaths.devices, toWireNewPushDevice({ ...kept, label: 'Renamed' }))).status).toBe(201);

    const tested = v.parse(WireTestAlertSchema, await (await send(server, 'POST', alertPaths.test)).json());
    expect(tested).toEqual({ delivered: maxPushDevicesPerStaff, failed: 0 });
    expect(service.answers).toHaveLength(maxPushDevicesPerStaff);
  });
}

test('the inbox says the limit the stores keep', () => {
  expect(alertsCopy.problems['too-many-devices']).toContain(`${maxPushDevicesPerStaff} devices`);
});

test('the browser\'s REST client hears the server\'s refusals as the inbox tells them', async () => {
  const server = await startTestServer('sqlite', { alerts: { allowLoopbackPush: false } });
  stopAfter.push(() => server.stop());
  const withSession: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    request.headers.set('cookie', server.staffCookie);
    return fetch(request);
  };
  const client = new RestAlertSettings({ baseUrl: server.url, fetch: withSession });
  const phone = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22), label: 'Chrome on Android' };

  await expect(client.addDevice({ ...phone, endpoint: 'https://[::ffff:127.0.0.1]/push/x' })).rejects.toMatchObject({ reason: 'endpoint-not-allowed' });
  for (let index = 0; index < maxPushDevicesPerStaff; index++) await client.addDevice({ ...phone, endpoint: `https://push.example.net/send/${index}` });
  const refused = client.addDevice({ ...phone, endpoint: 'https://push.example.net/send/eleventh' });
  await expect(refused).rejects.toBeInstanceOf(PushDeviceRefused);
  await expect(refused).rejects.toMatchObject({ reason: 'too-many-devices', message: alertsCopy.problems['too-many-devices'] });
});
