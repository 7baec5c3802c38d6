import { expect, test } from 'vitest';
import { localDeviceEndpoint, maxPushDevicesPerStaff } from '../../domain/alerts/alert-devices';
import type { TestAlert } from '../../domain/alerts/alert-message';
import { RestAlertSettings } from '../rest/rest-alert-settings';
import { createApi } from '../server/api';
import { noRateLimit } from '../server/http/rate-limit';
import { bearerStaffGate } from '../server/staff/bearer-staff-gate';
import { InMemoryAlertStores, testAlertOnThisDevice } from './in-memory-alert-stores';
import { InMemoryQuoteRepository } from './in-memory-quote-repository';

// The demo's alert settings, as its page reaches them: the REST client, through the API in the page,
// over the stores in memory, with no push service.

const you = 'you@se1-plumbing.example';
const colleague = 'sam@se1-plumbing.example';

function demoAlerts({ showable = true }: { showable?: boolean } = {}) {
  const stores = new InMemoryAlertStores();
  const store = new InMemoryQuoteRepository();
  const shown: TestAlert[] = [];
  const app = createApi({
    quotes: store,
    inbox: store,
    customerData: store,
    notifier: { quoteSubmitted: () => Promise.resolve() },
    logger: { error: () => undefined },
    staff: bearerStaffGate((token) => Promise.resolve(token === 'demo-token' ? { email: you } : null)),
    clientKey: () => 'this page',
    limits: { submissions: noRateLimit, refusedSubmissions: noRateLimit },
    alerts: {
      devices: stores,
      rota: stores,
      staffEmails: () => Promise.resolve([you, colleague]),
      publicKey: null,
      sendTestAlert: testAlertOnThisDevice(stores, (alert) => (showable ? Promise.resolve(void shown.push(alert)) : Promise.reject(new Error('no worker'))), () => new Date('2026-11-26T14:02:00Z')),
      onRotaSaved: () => undefined,
      allowLoopbackPush: false,
      redeemTakeToken: () => Promise.resolve(undefined),
    },
  });
  const alerts = new RestAlertSettings({ baseUrl: 'https://demo.example', fetch: (input, init) => Promise.resolve(app.fetch(new Request(input, init))), accessToken: () => Promise.resolve('demo-token') });
  return { alerts, shown };
}

const thisBrowser = (label: string) => ({ endpoint: localDeviceEndpoint(label), p256dh: '', auth: '', label });

test('with no push service the key is null, and a device is this browser, named by its local endpoint', async () => {
  const { alerts } = demoAlerts();
  expect(await alerts.pushKey()).toBeNull();
  const added = await alerts.addDevice(thisBrowser('Chrome on Android'));
  expect(added).toMatchObject({ label: 'Chrome on Android', lastAlertAt: null });
  expect((await alerts.devices()).map(({ label }) => label)).toEqual(['Chrome on Android']);
  // A real push subscription has nowhere to go: there is no push service to send it anything.
  await expect(alerts.addDevice({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', p256dh: 'B'.repeat(87), auth: 'a'.repeat(22), label: 'Phone' })).rejects.toThrow();
  expect(await alerts.removeDevice(added.id)).toBe(true);
  expect(await alerts.devices()).toEqual([]);
});

test('ten devices at most, as on the server', async () => {
  const { alerts } = demoAlerts();
  for (let n = 0; n < maxPushDevicesPerStaff; n++) await alerts.addDevice(thisBrowser(`Browser ${String(n)}`));
  await expect(alerts.addDevice(thisBrowser('One too many'))).rejects.toMatchObject({ reason: 'too-many-devices' });
});

test('the test alert is shown once on this device and counts for each device; none when it cannot be shown', async () => {
  const { alerts, shown } = demoAlerts();
  expect(await alerts.sendTestAlert()).toEqual({ delivered: 0, failed: 0 });
  await alerts.addDevice(thisBrowser('Chrome'));
  await alerts.addDevice(thisBrowser('Firefox'));
  expect(await alerts.sendTestAlert()).toEqual({ delivered: 2, failed: 0 });
  expect(shown).toEqual([{ kind: 'test', sentAt: '2026-11-26T14:02:00.000Z' }]);
  expect((await alerts.devices()).map(({ lastAlertAt }) => lastAlertAt?.toISOString())).toEqual(['2026-11-26T14:02:00.000Z', '2026-11-26T14:02:00.000Z']);

  const broken = demoAlerts({ showable: false });
  await broken.alerts.addDevice(thisBrowser('Chrome'));
  expect(await broken.alerts.sendTestAlert()).toEqual({ delivered: 0, failed: 1 });
});

test('the rota takes only the demo staff, whole or not at all', async () => {
  const { alerts } = demoAlerts();
  const shift = { staff: colleague, day: 'monday' as const, start: '08:00', end: '18:00' };
  await alerts.saveRota([shift]);
  expect(await alerts.rota()).toEqual({ shifts: [shift], staff: [you, colleague] });
  await expect(alerts.saveRota([shift, { ...shift, staff: 'stranger@example.org' }])).rejects.toThrow();
  expect((await alerts.rota()).shifts).toEqual([shift]);
});
