import { randomUUID } from 'node:crypto';
import { parse } from 'valibot';
import webpush from 'web-push';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AlertMessageSchema, alertTitle } from '../../domain/alerts/alert-message';
import { customerLinkDaysAfterClose, noLongerNeededReason } from '../../domain/customer-link/customer-link';
import { customerTokenHash, newCustomerToken } from '../../domain/customer-link/customer-link';
import { weekdays } from '../../domain/alerts/on-call';
import { type LoopbackPushService, startLoopbackPushService } from '../push/loopback-push-service.test-support';
import { alertTopic, pushDelivery } from '../push/web-push-sender';
import { firstStartMs, type RunningFunction, runDeno, startFunction } from './edge-function.test-support';
import { projectClaims } from './postgrest-on-scratch-database.test-support';
import { startPostgrestServer } from './postgrest-http-server.test-support';
import { createUser, type SupabaseScratchDatabase, supabaseScratchDatabase } from './supabase-scratch-database.test-support';

/**
 * The customer-link function under Deno, as Supabase runs it, with the project's database (a
 * PostgREST on loopback running our migrations on PostgreSQL): the customer link, their message and
 * "No longer needed", found by the token's hash with the service role, and a plain 404 for any token
 * that opens nothing. A message on an urgent request goes to the phones of whoever is on call, through
 * the push adapter's push service on loopback, which decrypts it as the staff member's browser would.
 */
const anonKey = 'customer-test-anon-key';
const serviceKey = 'customer-test-service-key';
const rateLimit = 40;
const vapid = webpush.generateVAPIDKeys();
const sam = 'sam@se1plumbing.example';
const jo = 'jo@se1plumbing.example';

type Subscription = ReturnType<LoopbackPushService['createSubscription']>;

interface Running {
  edge: RunningFunction;
  database: SupabaseScratchDatabase;
  push: LoopbackPushService;
  samsPhone: Subscription;
  josPhone: Subscription;
  stop: () => Promise<void>;
}

let running: Running | undefined;

/** Sam is on call all week; Jo is not. */
const putSamOnCall = async (database: SupabaseScratchDatabase) => {
  for (const [position, day] of weekdays.entries()) {
    await database.owner.query(`insert into public.on_call_shifts values ($1, $2, $3, '00:00', '00:00')`, [position, sam, day]);
  }
};

beforeAll(async () => {
  const database = await supabaseScratchDatabase();
  const push = await startLoopbackPushService();
  const phones: Record<string, Subscription> = {};
  for (const email of [sam, jo]) {
    const user = await createUser(database.owner, email, { staff: true });
    const phone = push.createSubscription();
    await database.owner.query('insert into public.push_devices (user_id, endpoint, p256dh, auth, label) values ($1, $2, $3, $4, $5)', [
      user.sub,
      phone.endpoint,
      phone.p256dh,
      phone.auth,
      'Phone',
    ]);
    phones[email] = phone;
  }
  await putSamOnCall(database);
  const claimsOf = projectClaims({ anonKey, serviceKey });
  const postgrest = await startPostgrestServer(database, claimsOf);
  const edge = await startFunction(
    {
      SUPABASE_URL: postgrest.url,
      SUPABASE_ANON_KEY: anonKey,
      SUPABASE_SERVICE_ROLE_KEY: serviceKey,
      CUSTOMER_LINK_RATE_LIMIT: String(rateLimit),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:office@se1plumbing.example',
      // The push service of the tests is on loopback.
      PUSH_ALLOW_LOOPBACK_FOR_TESTS: 'true',
    },
    'customer-link',
  );
  const [samsPhone, josPhone] = [phones[sam], phones[jo]];
  if (samsPhone === undefined || josPhone === undefined) throw new Error('no phones');
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

/** A call from one client address (each test its own, so the rate limit is the rate-limit test's alone). */
const call = (route: string, body: unknown, client = '203.0.113.7') =>
  fetch(`${started().edge.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `${client}, 10.0.0.1` },
    body: JSON.stringify(body),
  });

/**
 * A request a visitor stored with a token, as the browser does: only its hash reaches the database.
 * `honeypot`: the hidden field was filled, so the database keeps it in the Spam folder.
 */
async function stored({ urgent = false, honeypot = false } = {}): Promise<{ id: string; token: string }> {
  const token = newCustomerToken();
  const { rows } = await started().database.owner.query<{ id: string }>(
    `insert into public.quote_requests (name, email, phone, postcode, service_type, description, urgent, honeypot_filled, customer_token_hash)
     values ('Ana Lima', 'ana@example.com', '020 7946 0321', 'SE1 7PB', 'general', 'Leak under the sink.', $1, $2, $3) returning id`,
    [urgent, honeypot, await customerTokenHash(token)],
  );
  return { id: rows[0]?.id ?? '', token };
}

const pushesTo = (device: Subscription) => started().push.received.filter(({ subscriptionId }) => subscriptionId === device.id);
const pushCount = () => started().push.received.length;

test('deno check passes on the customer-link function, with the domain code it imports', async () => {
  const child = runDeno(['check', 'index.ts'], {}, 'customer-link');
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, output).toBe(0);
}, firstStartMs);

test('the customer\'s page holds what they sent, where it stands and when we aim to call: nothing of staff\'s', async () => {
  const { id, token } = await stored();
  await started().database.owner.query(`insert into public.quote_notes (quote_id, text, written_by) values ($1, 'Customer sounds worried', 'office@se1plumbing.example')`, [id]);
  const response = await call('/view', { token });
  expect(response.status).toBe(200);
  expect(response.headers.get('x-robots-tag')).toBe('noindex');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const page = (await response.json()) as Record<string, unknown>;
  expect(page).toEqual({
    quote: {
      name: 'Ana Lima',
      email: 'ana@example.com',
      phone: '020 7946 0321',
      postcode: 'SE1 7PB',
      service_type: 'general',
      description: 'Leak under the sink.',
      urgent: false,
      created_at: expect.any(String) as unknown,
    },
    status: 'new',
    call_by: expect.any(String) as unknown,
    messages: [],
    closed_at: null,
  });
  expect(JSON.stringify(page)).not.toContain('worried');
  expect(JSON.stringify(page)).not.toContain(id);
});

test('a message is a note from the customer on the card, and shows on their customer link; one the rules refuse is 400', async () => {
  const { id, token } = await stored({ urgent: true });
  const sent = await call('/message', { token, message: '  The leak is worse now  ' });
  expect(sent.status).toBe(200);
  expect(((await sent.json()) as { messages: unknown[] }).messages).toEqual([{ text: 'The leak is worse now', at: expect.any(String) as unknown }]);
  const { rows } = await started().database.owner.query('select text, written_by from public.quote_notes where quote_id = $1', [id]);
  expect(rows).toEqual([{ text: 'The leak is worse now', written_by: 'customer' }]);

  const empty = await call('/message', { token, message: '   ' });
  expect(empty.status).toBe(400);
  expect(await empty.json()).toEqual({ error: 'invalid-message', message: 'Write your message before sending it' });
});

test('"No longer needed" closes the request as lost, by the customer, with that note; the link lasts 30 days more', async () => {
  const { id, token } = await stored();
  const closed = await call('/close', { token });
  expect(closed.status).toBe(200);
  expect(await closed.json()).toMatchObject({ status: 'lost', call_by: null, closed_at: expect.any(String) as unknown });
  const { rows } = await started().database.owner.query<{ status: string; responded_at: Date | null }>('select status, responded_at from public.quote_requests where id = $1', [id]);
  expect(rows).toEqual([{ status: 'lost', responded_at: null }]);
  expect((await started().database.owner.query('select from_status, to_status, changed_by from public.quote_status_changes where quote_id = $1', [id])).rows).toEqual([
    { from_status: 'new', to_status: 'lost', changed_by: 'customer' },
  ]);
  expect((await started().database.owner.query('select text, written_by from public.quote_notes where quote_id = $1', [id])).rows).toEqual([
    { text: noLongerNeededReason, written_by: 'customer' },
  ]);
  // Closed again: as it is, nothing more recorded.
  expect((await call('/close', { token })).status).toBe(200);
  expect((await started().database.owner.query('select count(*)::int as count from public.quote_status_changes where quote_id = $1', [id])).rows).toEqual([{ count: 1 }]);

  await started().database.owner.query(
    `update public.quote_status_changes set changed_at = now() - make_interval(days => $2) where quote_id = $1`,
    [id, customerLinkDaysAfterClose + 1],
  );
  expect((await call('/view', { token })).status).toBe(404);
});

test('a guessed, malformed or deleted token gets the same plain 404, and no token is ever logged', async () => {
  const { id, token } = await stored();
  await started().database.owner.query('delete from public.quote_requests where id = $1', [id]);
  const answers = [];
  for (const body of [{ token }, { token: newCustomerToken() }, { token: 'short' }, { token: `${token}x` }, {}, 'not json']) {
    const response = await call('/view', body);
    answers.push({ status: response.status, body: await response.text() });
  }
  const [first] = answers;
  expect(first?.status).toBe(404);
  expect(answers.every((answer) => answer.status === first?.status && answer.body === first.body)).toBe(true);
  expect((await call('/elsewhere', { token })).status).toBe(404);
  const output = await started().edge.logged(/Listening/);
  expect(output).not.toContain(token);
});

test('the database is never opened to the anonymous key: its calls are the service role\'s alone', async () => {
  const { token } = await stored();
  const hash = await customerTokenHash(token);
  await expect(
    started().database.request({ role: 'anon' }, (db) => db.query('select public.customer_request($1)', [hash])),
  ).rejects.toMatchObject({ code: '42501' });
  await expect(
    started().database.request({ role: 'anon' }, (db) => db.query('select customer_token_hash from public.quote_requests')),
  ).rejects.toMatchObject({ code: '42501' });
  for (const call of [`add_customer_message('${hash}', 'hello')`, `close_for_customer('${hash}')`]) {
    await expect(started().database.request({ role: 'authenticated', sub: randomUUID() }, (db) => db.query(`select public.${call}`))).rejects.toMatchObject({
      code: '42501',
    });
  }
});

test('one client address calling too often is told to wait, others are not', async () => {
  const client = '198.51.100.23';
  const statuses = [];
  for (let count = 0; count <= rateLimit; count++) statuses.push((await call('/view', { token: newCustomerToken() }, client)).status);
  expect(statuses.slice(0, rateLimit).every((status) => status === 404)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
  expect((await call('/view', { token: newCustomerToken() }, '198.51.100.24')).status).toBe(404);
});

test('a message on an urgent, open request pushes "Message from Ana · URGENT" to the phone of whoever is on call, without the message', async () => {
  const { id, token } = await stored({ urgent: true });
  const [samsBefore, josBefore] = [pushesTo(started().samsPhone).length, pushesTo(started().josPhone).length];
  const text = 'Water is coming through the ceiling now';
  expect((await call('/message', { token, message: text }, '203.0.113.40')).status).toBe(200);

  const samsPushes = pushesTo(started().samsPhone).slice(samsBefore);
  expect(samsPushes).toHaveLength(1);
  expect(pushesTo(started().josPhone).length).toBe(josBefore);
  const [push] = samsPushes;
  const alert = parse(AlertMessageSchema, push?.payload);
  expect(alert).toEqual({ kind: 'customer-message', quoteId: id, service: 'general', urgent: true, district: 'SE1', firstName: 'Ana' });
  expect(alertTitle(alert)).toBe('Message from Ana · URGENT');
  expect(JSON.stringify(push?.payload)).not.toContain('ceiling');
  expect(push).toMatchObject({ ttl: pushDelivery.urgent.ttlSeconds, urgency: 'high', topic: alertTopic(alert), vapidKey: vapid.publicKey });
  expect(push?.claims).toMatchObject({ aud: started().push.origin, sub: 'mailto:office@se1plumbing.example' });
  expect(started().push.rejected).toEqual([]);
  // No alert step is recorded: the request's own alerts go on as they were.
  expect((await started().database.owner.query('select step from public.alert_records where quote_id = $1', [id])).rows).toEqual([]);
  const { rows } = await started().database.owner.query<{ last: Date | null }>('select last_alert_at as last from public.push_devices where endpoint = $1', [
    started().samsPhone.endpoint,
  ]);
  expect(rows[0]?.last).toBeInstanceOf(Date);
});

test('when the rota names nobody, a message on an urgent request goes to every staff member\'s phone', async () => {
  const { token } = await stored({ urgent: true });
  const [samsBefore, josBefore] = [pushesTo(started().samsPhone).length, pushesTo(started().josPhone).length];
  await started().database.owner.query('delete from public.on_call_shifts');
  try {
    expect((await call('/message', { token, message: 'Still leaking' }, '203.0.113.41')).status).toBe(200);
  } finally {
    await putSamOnCall(started().database);
  }
  expect(pushesTo(started().samsPhone).length).toBe(samsBefore + 1);
  expect(pushesTo(started().josPhone).length).toBe(josBefore + 1);
});

test('a message on a standard request, on a closed one or on one in the Spam folder alerts nobody, and is still kept', async () => {
  const standard = await stored();
  const closed = await stored({ urgent: true });
  expect((await call('/close', { token: closed.token }, '203.0.113.42')).status).toBe(200);
  const spam = await stored({ urgent: true, honeypot: true });
  expect((await started().database.owner.query('select spam_score is not null as held from public.quote_requests where id = $1', [spam.id])).rows).toEqual([
    { held: true },
  ]);
  const before = pushCount();
  for (const { id, token } of [standard, closed, spam]) {
    expect((await call('/message', { token, message: 'Any news?' }, '203.0.113.42')).status, id).toBe(200);
    expect((await started().database.owner.query('select text from public.quote_notes where quote_id = $1 and written_by = $2', [id, 'customer'])).rows).toContainEqual({
      text: 'Any news?',
    });
  }
  expect(pushCount()).toBe(before);
});
