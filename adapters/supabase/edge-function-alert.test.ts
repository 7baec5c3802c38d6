import webpush from 'web-push';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AlertMessageSchema, requestAlertOf } from '../../domain/alerts/alert-message';
import { weekdays } from '../../domain/alerts/on-call';
import { fromNamedFields, namedFieldList, type NamedFields } from '../../domain/quote/quote';
import { parse } from 'valibot';
import { firstStartMs, type RunningFunction, runDeno, startFunction } from './edge-function.test-support';
import { type LoopbackPushService, startLoopbackPushService } from '../push/loopback-push-service.test-support';
import { alertTopic, pushDelivery } from '../push/web-push-sender';
import { projectClaims } from './postgrest-on-scratch-database.test-support';
import { startPostgrestServer } from './postgrest-http-server.test-support';
import { type Claims, createUser, type SupabaseScratchDatabase, supabaseScratchDatabase } from './supabase-scratch-database.test-support';

/**
 * The send-quote-alert function under Deno, as Supabase runs it, with the project's database (a
 * PostgREST on loopback running our migrations on PostgreSQL) and the push adapter's push service on
 * loopback, which decrypts what it receives as the staff member's browser would and verifies its
 * VAPID token.
 */

type Subscription = ReturnType<LoopbackPushService['createSubscription']>;
const anonKey = 'alert-test-anon-key';
const serviceKey = 'alert-test-service-key';
const vapid = webpush.generateVAPIDKeys();
const sam = { token: 'sam-token', email: 'sam@se1plumbing.example' };
const jo = { token: 'jo-token', email: 'jo@se1plumbing.example' };

interface Running {
  edge: RunningFunction;
  database: SupabaseScratchDatabase;
  push: LoopbackPushService;
  samsPhone: Subscription;
  josPhone: Subscription;
  stop: () => Promise<void>;
}

let running: Running | undefined;

async function addDevice(database: SupabaseScratchDatabase, userId: string, device: Subscription): Promise<void> {
  await database.owner.query('insert into public.push_devices (user_id, endpoint, p256dh, auth, label) values ($1, $2, $3, $4, $5)', [
    userId,
    device.endpoint,
    device.p256dh,
    device.auth,
    'Phone',
  ]);
}

beforeAll(async () => {
  const database = await supabaseScratchDatabase();
  const users: Record<string, Claims> = {};
  const ids: Record<string, string> = {};
  for (const { token, email } of [sam, jo]) {
    const user = await createUser(database.owner, email, { staff: true });
    users[token] = user;
    ids[email] = user.sub;
  }
  // Sam is on call all week; Jo is not.
  for (const [position, day] of weekdays.entries()) {
    await database.owner.query(`insert into public.on_call_shifts values ($1, $2, $3, '00:00', '00:00')`, [position, sam.email, day]);
  }
  const push = await startLoopbackPushService();
  const samsPhone = push.createSubscription();
  await addDevice(database, ids[sam.email] ?? '', samsPhone);
  // Jo's phone has unsubscribed: its push service answers 410.
  const josPhone = push.createSubscription();
  push.expire(josPhone.id);
  await addDevice(database, ids[jo.email] ?? '', josPhone);

  const claimsOf = projectClaims({ anonKey, serviceKey, users });
  const postgrest = await startPostgrestServer(database, claimsOf);
  const edge = await startFunction(
    {
      SUPABASE_URL: postgrest.url,
      SUPABASE_ANON_KEY: anonKey,
      SUPABASE_SERVICE_ROLE_KEY: serviceKey,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:office@se1plumbing.example',
      TAKE_TOKEN_SECRET: 'a-long-random-secret-for-the-tests-of-the-alert-function',
      // The push service of the tests is on loopback.
      PUSH_ALLOW_LOOPBACK_FOR_TESTS: 'true',
    },
    'send-quote-alert',
  );
  running = {
    edge,
    database,
    push,
    samsPhone,
    josPhone,
    stop: async () => {
      await edge.stop();
      await push.close();
      await postgrest.stop();
      await database.drop();
    },
  };
}, firstStartMs + 10_000);

afterAll(async () => {
  await running?.stop();
});

function started(): Running {
  if (running === undefined) throw new Error('beforeAll did not start the function');
  return running;
}

const call = (route: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${started().edge.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** A request as a visitor's browser stored it, `minutesAgo`. */
async function stored({ urgent = true, minutesAgo = 0 } = {}) {
  const { rows } = await started().database.owner.query<NamedFields & { id: string; created_at: Date }>(
    `insert into public.quote_requests (name, phone, postcode, service_type, urgent, created_at)
     values ('Tom Price', '020 7946 0999', 'SE1 7PB', 'emergency', $1, now() - make_interval(mins => $2)) returning *`,
    [urgent, minutesAgo],
  );
  const [row] = rows;
  if (row === undefined) throw new Error('nothing stored');
  return { id: row.id, createdAt: row.created_at, ...fromNamedFields(Object.fromEntries(namedFieldList.map((name) => [name, row[name]])) as NamedFields) };
}

const pushesTo = (device: Subscription) => started().push.received.filter(({ subscriptionId }) => subscriptionId === device.id);
const answersTo = (device: Subscription) => started().push.answers.filter(({ subscriptionId }) => subscriptionId === device.id);

const alertRecords = async (id: string) =>
  (await started().database.owner.query<{ step: string; recipients: string[]; everyone: boolean }>(
    'select step, recipients, everyone from public.alert_records where quote_id = $1 order by at', [id])).rows;

const recordCount = async () => (await started().database.owner.query<{ count: number }>('select count(*)::int as count from public.alert_records')).rows[0]?.count ?? 0;

test('deno check passes on the alert function, with the domain code it imports', async () => {
  const child = runDeno(['check', 'index.ts'], {}, 'send-quote-alert');
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, output).toBe(0);
}, firstStartMs);

test('a new urgent request pushes to the on-call staff member\'s phone once, encrypted, urgent, and "I\'m on it" takes it once', async () => {
  const quote = await stored();
  const before = pushesTo(started().samsPhone).length;
  const response = await call('', { id: quote.id });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ alerted: 1, delivered: 1, failed: 0 });
  expect(await alertRecords(quote.id)).toEqual([{ step: 'new', recipients: [sam.email], everyone: false }]);

  const [push] = pushesTo(started().samsPhone).slice(before);
  const message = parse(AlertMessageSchema, push?.payload);
  expect(message).toEqual({ ...requestAlertOf(quote, 'new'), take: expect.any(String) as unknown });
  expect(message).toMatchObject({ district: 'SE1', firstName: 'Tom' });
  expect(push).toMatchObject({ ttl: pushDelivery.urgent.ttlSeconds, urgency: 'high', topic: alertTopic(message), vapidKey: vapid.publicKey });
  expect(push?.claims).toMatchObject({ aud: started().push.origin, sub: 'mailto:office@se1plumbing.example' });
  expect(started().push.rejected).toEqual([]);

  // Called again (a second tab, a retry): the step has gone, nothing more is pushed.
  expect(await (await call('', { id: quote.id })).json()).toEqual({ alerted: 0, delivered: 0, failed: 0 });
  expect(pushesTo(started().samsPhone).length).toBe(before + 1);
  const { rows } = await started().database.owner.query<{ last: Date | null }>('select last_alert_at as last from public.push_devices where endpoint = $1', [
    started().samsPhone.endpoint,
  ]);
  expect(rows[0]?.last).toBeInstanceOf(Date);

  const token = message.kind === 'request' ? (message.take ?? '') : '';
  const taken = await call('/take', { quoteId: quote.id, token });
  expect(taken.status).toBe(200);
  expect(await taken.json()).toEqual({ outcome: 'taken', taken: { by: sam.email, at: expect.any(String) as unknown } });
  expect((await call('/take', { quoteId: quote.id, token })).status).toBe(409);
  expect((await call('/take', { quoteId: quote.id, token: `${token.slice(0, -2)}AA` })).status).toBe(403);
  const other = await stored();
  expect((await call('/take', { quoteId: other.id, token })).status).toBe(403);
});

test('/escalate sends the escalation to the staff not yet alerted once, even when called twice, and a 410 removes the device', async () => {
  const quote = await stored({ minutesAgo: 11 });
  await started().database.owner.query(`insert into public.alert_records (quote_id, step, recipients, everyone) values ($1, 'new', $2, false)`, [
    quote.id,
    [sam.email],
  ]);
  const asCron = { authorization: `Bearer ${serviceKey}` };
  expect((await call('/escalate', {}, { authorization: `Bearer ${anonKey}` })).status).toBe(401);
  const recordsBefore = await recordCount();
  const [first, second] = await Promise.all([call('/escalate', {}, asCron), call('/escalate', {}, asCron)]);
  const answers = [await first.json(), await second.json()] as { alerted: number }[];
  // Every step either call sent was recorded once (the other tests' requests may get their first alert here too).
  expect(answers.reduce((sum, { alerted }) => sum + alerted, 0)).toBe((await recordCount()) - recordsBefore);
  expect(answersTo(started().josPhone)).toEqual([{ subscriptionId: started().josPhone.id, status: 410 }]);
  expect(await alertRecords(quote.id)).toEqual([
    { step: 'new', recipients: [sam.email], everyone: false },
    { step: 'escalated', recipients: [jo.email], everyone: true },
  ]);
  const { rows } = await started().database.owner.query<{ count: number }>(
    `select count(*)::int as count from public.push_devices d join auth.users u on u.id = d.user_id where u.email = $1`,
    [jo.email],
  );
  expect(rows).toEqual([{ count: 0 }]);
});

test('GET /key gives the VAPID public key; /test alerts the staff member\'s own devices and refuses anyone else', async () => {
  const key = await fetch(`${started().edge.url}/key`);
  expect(await key.json()).toEqual({ publicKey: vapid.publicKey });
  const before = pushesTo(started().samsPhone).length;
  const tested = await call('/test', {}, { authorization: `Bearer ${sam.token}` });
  expect(await tested.json()).toEqual({ delivered: 1, failed: 0 });
  const [push] = pushesTo(started().samsPhone).slice(before);
  expect(push?.payload).toEqual({ kind: 'test', sentAt: expect.any(String) as unknown });
  expect((await call('/test', {})).status).toBe(401);
  expect((await call('/test', {}, { authorization: 'Bearer forged' })).status).toBe(401);
});

test('a request in the Spam folder alerts nobody, now or at escalation; once staff say it is not spam, it alerts as a new one', async () => {
  const { rows } = await started().database.owner.query<{ id: string }>(
    `insert into public.quote_requests (name, phone, postcode, service_type, urgent, honeypot_filled)
     values ('Spam Bot', '020 7946 0999', 'SE1 7PB', 'emergency', true, true) returning id`,
  );
  const id = rows[0]?.id ?? '';
  const before = pushesTo(started().samsPhone).length;
  expect(await (await call('', { id })).json()).toEqual({ alerted: 0, delivered: 0, failed: 0 });
  expect((await call('/escalate', {}, { authorization: `Bearer ${serviceKey}` })).status).toBe(200);
  expect(await alertRecords(id)).toEqual([]);
  expect(pushesTo(started().samsPhone).length).toBe(before);

  await started().database.owner.query(
    `update public.quote_requests set spam_cleared_by = $2, spam_cleared_at = now(), created_at = now() where id = $1`,
    [id, sam.email],
  );
  expect(await (await call('', { id })).json()).toEqual({ alerted: 1, delivered: 1, failed: 0 });
  expect(await alertRecords(id)).toEqual([{ step: 'new', recipients: [sam.email], everyone: false }]);
});
