import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterEach, describe, expect, test } from 'vitest';
import { RequestAlertSchema } from '../../../domain/alerts/alert-message';
import { manualClock } from '../../../fixtures/manual-clock.test-support';
import { alertPaths, toWireNewPushDevice, WirePushDevicesSchema, WireRotaSchema } from '../../http-api/alerts-wire';
import { WireInboxQuoteSchema } from '../../http-api/inbox-wire';
import { WireErrorSchema } from '../../http-api/wire';
import { type LoopbackPushService, startLoopbackPushService } from '../../push/loopback-push-service.test-support';
import { SqlStaffStore } from '../../sql/sql-staff-store';
import { saveStaffAccount } from '../staff/staff-accounts';
import { databases, inboxPage, signInCookie, startTestServer, storeQuote, type TestAlertOptions, type TestServer, testStaff } from '../test-server.test-support';

const minute = 60_000;
const jo = { email: 'jo.mensah@example.co.uk', password: 'jo has a long password too' };
const stopAfter: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stopAfter.splice(0).reverse()) await stop();
});

async function pushService(): Promise<LoopbackPushService> {
  const service = await startLoopbackPushService();
  stopAfter.push(() => service.close());
  return service;
}

async function server(kind: keyof typeof databases, options: { now?: () => Date; alerts?: TestAlertOptions } = {}): Promise<TestServer> {
  const started = await startTestServer(kind, { alerts: {}, ...options });
  stopAfter.push(() => started.stop());
  return started;
}

const send = (server: TestServer, method: string, path: string, body?: unknown, cookie = server.staffCookie) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie, origin: server.url },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

/** Turns alerts on for a staff member's new device, through the API as the inbox does. */
async function addDevice(server: TestServer, service: LoopbackPushService, cookie = server.staffCookie, label = 'Chrome on Android') {
  const subscription = service.createSubscription(label);
  const response = await send(server, 'POST', alertPaths.devices, toWireNewPushDevice(subscription), cookie);
  expect(response.status).toBe(201);
  return subscription;
}

async function addJo(server: TestServer): Promise<string> {
  await saveStaffAccount(new SqlStaffStore(server.db), jo.email, jo.password);
  return signInCookie(server.url, jo);
}

const payloadOf = (push: { payload: unknown }) => v.parse(RequestAlertSchema, push.payload);

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  describe(`alerts on ${kind}`, () => {
    test('a stored request reaches the on-call phone, encrypted, urgent, with nothing private, and "I\'m on it" takes it', async () => {
      const service = await pushService();
      const app = await server(kind);
      const device = await addDevice(app, service);

      const stored = await storeQuote(app, { name: 'Tom Okafor', service_type: 'emergency', urgent: true, postcode: 'se1 7pb' });

      const [push] = await service.waitFor(1);
      expect(service.rejected).toEqual([]);
      expect(push).toMatchObject({ subscriptionId: device.id, ttl: 600, urgency: 'high' });
      expect(push?.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
      expect(push?.claims.aud).toBe(service.origin);
      const alert = payloadOf(push ?? { payload: null });
      expect(alert).toMatchObject({ kind: 'request', quoteId: stored.id, step: 'new', service: 'emergency', urgent: true, district: 'SE1', firstName: 'Tom' });
      const text = JSON.stringify(push?.payload);
      for (const secret of [stored.phone, stored.email ?? '', stored.description ?? '', 'Okafor', '7PB']) expect(text).not.toContain(secret);

      // From the notification, with no session at all: the token is the proof.
      const taken = await send(app, 'POST', `/api/quote-requests/${stored.id}/take`, { token: alert.take }, '');
      expect(taken.status).toBe(200);
      expect(v.parse(WireInboxQuoteSchema, await taken.json()).activity).toMatchObject([{ kind: 'taken', by: testStaff.email }]);
      const [card] = (await inboxPage(app)).quotes;
      expect(card).toMatchObject({ id: stored.id, status: 'new', activity: [{ kind: 'taken', by: testStaff.email }], alerts: [{ step: 'new', recipients: [testStaff.email] }] });
    });

    test('a take token works once, for its own request, and a forged one for none', async () => {
      const service = await pushService();
      const app = await server(kind);
      await addDevice(app, service);
      const first = await storeQuote(app, { urgent: true });
      const other = await storeQuote(app, { urgent: true });
      const pushes = await service.waitFor(2);
      const tokenFor = (id: string) => pushes.map(payloadOf).find((alert) => alert.quoteId === id)?.take ?? '';
      const take = (id: string, token: string) => send(app, 'POST', `/api/quote-requests/${id}/take`, { token }, '');

      expect((await take(other.id, tokenFor(first.id))).status).toBe(401);
      const forged = `${tokenFor(first.id).split('.')[0] ?? ''}.${'A'.repeat(43)}`;
      expect((await take(first.id, forged)).status).toBe(401);
      expect((await take(first.id, 'not a token')).status).toBe(401);
      const garbled = await fetch(`${app.url}/api/quote-requests/${first.id}/take`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app.url }, body: '{"token":' });
      expect(v.parse(WireErrorSchema, await garbled.json()).error).toBe('invalid-json');
      const notText = await take(first.id, 42 as unknown as string);
      expect(v.parse(WireErrorSchema, await notText.json()).fields).toEqual([{ field: 'token', message: 'Token must be text' }]);
      expect((await take(first.id, tokenFor(first.id))).status).toBe(200);
      const again = await take(first.id, tokenFor(first.id));
      expect(again.status).toBe(401);
      expect(v.parse(WireErrorSchema, await again.json()).error).toBe('not-signed-in');
    });

    test('taken or contacted, a request answers a later taker with who took it', async () => {
      const app = await server(kind);
      const joCookie = await addJo(app);
      const stored = await storeQuote(app);
      expect((await send(app, 'POST', `/api/quote-requests/${stored.id}/activity`, { kind: 'status-moved', from: 'new', to: 'contacted' }, joCookie)).status).toBe(201);

      const late = await send(app, 'POST', `/api/quote-requests/${stored.id}/take`);

      expect(late.status).toBe(409);
      expect(v.parse(WireErrorSchema, await late.json())).toMatchObject({ error: 'already-taken', taken: { by: jo.email } });
      expect((await send(app, 'POST', '/api/quote-requests/no-such-id/take')).status).toBe(404);
      expect((await send(app, 'POST', `/api/quote-requests/${stored.id}/take`, undefined, '')).status).toBe(401);
    });

    test('an urgent request nobody takes escalates to everyone else on time, and stops once taken', async () => {
      const clock = manualClock('2026-11-23T15:40:00Z');
      const service = await pushService();
      const app = await server(kind, { now: clock.now });
      const joCookie = await addJo(app);
      const samPhone = await addDevice(app, service);
      const joPhone = await addDevice(app, service, joCookie, 'Safari on iPhone');
      // Monday afternoon: only the first staff member is on call.
      const rota = await send(app, 'PUT', alertPaths.rota, { shifts: [{ staff: testStaff.email, day: 'monday', start: '08:00', end: '20:00' }] });
      expect(rota.status).toBe(200);
      const planner = app.alerts?.planner;
      if (!planner) throw new Error('the server has no alerts');

      const stored = await storeQuote(app, { urgent: true, service_type: 'emergency' });
      await service.waitFor(1);
      clock.time += 9 * minute + 59_000;
      expect(await planner.planDue()).toEqual([]);
      clock.time += 1_000;
      expect((await planner.planDue()).map(({ step, recipients }) => [step, recipients])).toEqual([['escalated', [jo.email]]]);
      await service.waitFor(2);
      clock.time += 2 * minute;
      expect((await send(app, 'POST', `/api/quote-requests/${stored.id}/take`, undefined, joCookie)).status).toBe(200);
      clock.time += 30 * minute;
      expect(await planner.planDue()).toEqual([]);

      expect(service.received.map(({ subscriptionId }) => subscriptionId)).toEqual([samPhone.id, joPhone.id]);
      const [card] = (await inboxPage(app)).quotes;
      expect(card?.alerts.map(({ step, at }) => [step, at])).toEqual([
        ['new', '2026-11-23T15:40:00.000Z'],
        ['escalated', '2026-11-23T15:50:00.000Z'],
      ]);
      expect(card?.activity).toEqual([{ kind: 'taken', id: expect.any(String) as unknown, by: jo.email, at: '2026-11-23T15:52:00.000Z' }]);
    });

    test('a push service that is down, then up, gets every alert once', async () => {
      const service = await pushService();
      const app = await server(kind, { alerts: { retryMs: 100 } });
      await addDevice(app, service);
      service.down();
      const stored = await Promise.all([storeQuote(app), storeQuote(app, { urgent: true }), storeQuote(app)]);
      await expect.poll(() => service.answers.filter(({ status }) => status === 503).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
      expect((await (await fetch(`${app.url}/readyz`)).json()) as unknown).toMatchObject({ alerts: { pending: 3 } });

      service.up();
      await service.waitFor(3);
      await new Promise((resolve) => setTimeout(resolve, 500));

      expect(service.received.map((push) => payloadOf(push).quoteId).sort()).toEqual(stored.map(({ id }) => id).sort());
      await expect.poll(async () => ((await (await fetch(`${app.url}/readyz`)).json()) as { alerts: { pending: number } }).alerts.pending).toBe(0);
    });

    test('a subscription the push service says is gone (410) is removed', async () => {
      const service = await pushService();
      const app = await server(kind);
      const kept = await addDevice(app, service, app.staffCookie, 'Chrome on Android');
      const gone = await addDevice(app, service, app.staffCookie, 'Old phone');
      service.expire(gone.id, 410);

      await storeQuote(app);
      await service.waitFor(1);

      await expect
        .poll(async () => v.parse(WirePushDevicesSchema, await (await send(app, 'GET', alertPaths.devices)).json()).devices.map(({ label }) => label))
        .toEqual([kept.label]);
    });

    test('"Send a test alert" reaches each of your devices and says how many took it', async () => {
      const service = await pushService();
      const app = await server(kind);
      await addDevice(app, service);
      const dead = await addDevice(app, service, app.staffCookie, 'Tablet');
      service.expire(dead.id, 404);

      const response = await send(app, 'POST', alertPaths.test);

      expect(await response.json()).toEqual({ delivered: 1, failed: 1 });
      const [push] = await service.waitFor(1);
      expect(push).toMatchObject({ urgency: 'normal', ttl: 300, payload: { kind: 'test' } });
    });

    test('each staff member sees and removes only their own devices; a bad subscription is refused naming the field', async () => {
      const service = await pushService();
      const app = await server(kind);
      const joCookie = await addJo(app);
      await addDevice(app, service);
      await addDevice(app, service, joCookie, 'Safari on iPhone');
      const mine = v.parse(WirePushDevicesSchema, await (await send(app, 'GET', alertPaths.devices)).json()).devices;
      expect(mine.map(({ label }) => label)).toEqual(['Chrome on Android']);

      expect((await send(app, 'DELETE', alertPaths.device(mine[0]?.id ?? ''), undefined, joCookie)).status).toBe(404);
      expect((await send(app, 'DELETE', alertPaths.device(mine[0]?.id ?? ''))).status).toBe(204);
      expect(v.parse(WirePushDevicesSchema, await (await send(app, 'GET', alertPaths.devices)).json()).devices).toEqual([]);

      const bad = await send(app, 'POST', alertPaths.devices, { endpoint: 'https://push.example/x', keys: { p256dh: 'short', auth: '' }, label: '' });
      expect(bad.status).toBe(400);
      const fields = v.parse(WireErrorSchema, await bad.json()).fields?.map(({ field }) => field);
      expect(fields).toEqual(expect.arrayContaining(['keys.p256dh', 'keys.auth', 'label']));
      expect((await send(app, 'GET', alertPaths.devices, undefined, '')).status).toBe(401);
    });

    test('the rota is checked field by field, and only staff can be on it', async () => {
      const app = await server(kind);
      const bad = await send(app, 'PUT', alertPaths.rota, { shifts: [{ staff: testStaff.email, day: 'monday', start: '8am', end: '18:00' }] });
      expect(bad.status).toBe(400);
      expect(v.parse(WireErrorSchema, await bad.json()).fields).toEqual([{ field: 'shifts.0.start', message: 'Start must be a time like 08:00' }]);
      const stranger = await send(app, 'PUT', alertPaths.rota, { shifts: [{ staff: 'someone@example.com', day: 'monday', start: '08:00', end: '18:00' }] });
      expect(v.parse(WireErrorSchema, await stranger.json()).fields?.[0]?.field).toBe('shifts.0.staff');

      const shifts = [{ staff: testStaff.email, day: 'sunday', start: '18:00', end: '08:00' }];
      expect((await send(app, 'PUT', alertPaths.rota, { shifts })).status).toBe(200);
      expect(v.parse(WireRotaSchema, await (await send(app, 'GET', alertPaths.rota)).json())).toEqual({ shifts, staff: [testStaff.email] });
    });
  });
}

test('two servers on one PostgreSQL send each step to each device exactly once', async () => {
  const service = await pushService();
  const { db, drop } = await databases.postgres();
  stopAfter.push(drop);
  const clock = manualClock('2026-11-23T15:40:00Z');
  const [one, two] = [await server('postgres', { now: clock.now, alerts: { db } }), await server('postgres', { now: clock.now, alerts: { db } })];
  const joCookie = await addJo(one);
  // The second server set the staff password again at its start, which ended the first's session.
  await addDevice(one, service, two.staffCookie);
  await addDevice(two, service, joCookie, 'Safari on iPhone');

  const stored = await Promise.all(Array.from({ length: 6 }, (_, index) => storeQuote(index % 2 === 0 ? one : two, { urgent: true })));
  const unsent = async () =>
    Number((await db.selectFrom('alert_deliveries').select((eb) => eb.fn.countAll().as('count')).where('sent_at', 'is', null).executeTakeFirstOrThrow()).count);
  for (const minutes of [0, 10, 20]) {
    // The clock moves on only once every delivery is marked sent: a jump of minutes would run out the
    // lease of one still in flight, and another server would rightly send it again.
    await expect.poll(unsent, { timeout: 10_000 }).toBe(0);
    clock.time = Date.parse('2026-11-23T15:40:00Z') + minutes * minute;
    await Promise.all([one.alerts?.planner.planDue(), two.alerts?.planner.planDue(), one.alerts?.planner.planDue(), two.alerts?.planner.planDue()]);
  }
  // Nobody on the rota: both alerted at once, due soon to both; nobody left to escalate to.
  await service.waitFor(stored.length * 2 * 2, 10_000);
  await new Promise((resolve) => setTimeout(resolve, 500));

  const seen = service.received.map((push) => `${push.subscriptionId} ${payloadOf(push).quoteId} ${payloadOf(push).step}`);
  expect(seen).toHaveLength(stored.length * 2 * 2);
  expect(new Set(seen).size).toBe(seen.length);
});

test('the webhook hears of each new request and escalation, signed', async () => {
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  stopAfter.push(() => new Promise((resolve) => receiver.close(() => resolve())));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const clock = manualClock('2026-11-23T15:40:00Z');
  const app = await server('sqlite', { now: clock.now, alerts: { webhook: { url, secret: 'a webhook secret of some length', format: 'json' } } });

  const stored = await storeQuote(app, { urgent: true });
  await expect.poll(() => received.length).toBe(1);
  clock.time += 10 * minute;
  await app.alerts?.planner.planDue();
  await expect.poll(() => received.length).toBe(2);

  expect(received.map(({ body }) => (JSON.parse(body) as { type: string; data: { id: string } }).type)).toEqual(['quote_request.new', 'quote_request.escalated']);
  expect(received.every(({ body }) => body.includes(stored.id))).toBe(true);
  expect(received.every(({ headers }) => /^t=\d+,v1=[0-9a-f]{64}$/.test(String(headers['webhook-signature'])))).toBe(true);
});
