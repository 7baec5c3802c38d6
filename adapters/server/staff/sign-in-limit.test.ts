import { expect, onTestFinished, test } from 'vitest';
import { databases, startTestServer, testStaff, type TestServer } from '../test-server.test-support';

const kinds = Object.keys(databases) as (keyof typeof databases)[];

/** A server behind our own proxy, so each request may come from any client address the test names. */
async function serverBehindProxy(kind: keyof typeof databases, options: Parameters<typeof startTestServer>[1] = {}) {
  const server = await startTestServer(kind, { trustProxy: true, limits: { signIn: 5, signInPerClient: 15 }, ...options });
  onTestFinished(() => server.stop());
  return server;
}

const signIn = (server: TestServer, from: string, credentials: { email: string; password: string }) =>
  fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(credentials),
  });

const guess = (server: TestServer, from: string, password = 'not the password', email = testStaff.email) =>
  signIn(server, from, { email, password });

const owner = (server: TestServer, from: string) => signIn(server, from, testStaff);

test.each(kinds)('%s: 60 wrong guesses from 12 addresses, each up to its limit, and the owner still signs in', async (kind) => {
  const server = await serverBehindProxy(kind);
  const statuses: number[] = [];
  for (let address = 1; address <= 12; address += 1) {
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await guess(server, `203.0.113.${address}`, `guess ${attempt}`)).status);
  }
  // Five failures each, then each address is stopped on this email.
  expect(statuses.filter((status) => status === 401)).toHaveLength(60);
  expect(statuses.filter((status) => status === 429)).toHaveLength(12);

  const signedIn = await owner(server, '198.51.100.7');
  expect(signedIn.status).toBe(200);
  expect(signedIn.headers.get('set-cookie')).toMatch(/^staff_session=/);
  // From a device with no cookie and an address never seen before, as from a new phone.
  expect((await owner(server, '192.0.2.200')).status).toBe(200);
});

test.each(kinds)('%s: one address guessing one email is stopped after its failures, the right password included', async (kind) => {
  const server = await serverBehindProxy(kind);
  for (let attempt = 0; attempt < 5; attempt += 1) expect((await guess(server, '203.0.113.9')).status).toBe(401);

  const refused = await owner(server, '203.0.113.9');
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(3500);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(refused.headers.get('set-cookie')).toBeNull();
  expect(await refused.json()).toEqual({
    error: 'rate-limited',
    message: `Too many failed sign-ins from this connection. Please try again in ${retryAfter} seconds.`,
  });

  // The same address may still try another account (up to its own limit), and the owner elsewhere is let in.
  expect((await guess(server, '203.0.113.9', 'x', 'other@example.co.uk')).status).toBe(401);
  expect((await owner(server, '198.51.100.7')).status).toBe(200);
});

test.each(kinds)('%s: one address guessing many emails is stopped at its own limit', async (kind) => {
  const server = await serverBehindProxy(kind);
  for (let account = 0; account < 15; account += 1) {
    expect((await guess(server, '203.0.113.9', 'x', `person${account}@example.co.uk`)).status).toBe(401);
  }
  expect((await guess(server, '203.0.113.9', 'x', 'one-more@example.co.uk')).status).toBe(429);
  expect((await owner(server, '203.0.113.9')).status).toBe(429);
  expect((await owner(server, '203.0.113.10')).status).toBe(200);
});

test.each(kinds)('%s: signing in forgets the failures before it, and successes are never counted', async (kind) => {
  const server = await serverBehindProxy(kind);
  for (let round = 0; round < 3; round += 1) {
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await guess(server, '198.51.100.7')).status).toBe(401);
    expect((await owner(server, '198.51.100.7')).status).toBe(200);
  }
  for (let again = 0; again < 20; again += 1) expect((await owner(server, '198.51.100.7')).status).toBe(200);
});

test.each(kinds)('%s: guesses sent all at once are each counted', async (kind) => {
  const server = await serverBehindProxy(kind);
  const statuses = (await Promise.all(Array.from({ length: 20 }, () => guess(server, '203.0.113.9')))).map((response) => response.status);
  expect(statuses.filter((status) => status === 401)).toHaveLength(5);
  expect(statuses.filter((status) => status === 429)).toHaveLength(15);
});

test('an IPv6 client is counted by its /64 network, whichever of its addresses it uses', async () => {
  const server = await serverBehindProxy('sqlite');
  for (let attempt = 1; attempt <= 5; attempt += 1) expect((await guess(server, `2001:db8:1:2::${attempt}`)).status).toBe(401);
  expect((await owner(server, '2001:db8:1:2:ffff::9')).status).toBe(429);
  expect((await owner(server, '2001:db8:1:3::1')).status).toBe(200);
});

test('two servers on one PostgreSQL share the counts of failures', async () => {
  const first = await serverBehindProxy('postgres');
  const second = await serverBehindProxy('postgres', { limitTable: first.limitTable });
  for (const server of [first, second, first, second, first]) expect((await guess(server, '203.0.113.9')).status).toBe(401);
  expect((await owner(second, '203.0.113.9')).status).toBe(429);
  expect((await owner(second, '198.51.100.7')).status).toBe(200);
});

test('without a proxy, the socket address is what is counted', async () => {
  const server = await startTestServer('sqlite', { limits: { signIn: 3 } });
  onTestFinished(() => server.stop());
  // Behind no proxy of ours, X-Forwarded-For is anyone's to write: a fresh one each time buys nothing.
  for (let attempt = 0; attempt < 3; attempt += 1) expect((await guess(server, `203.0.113.${attempt}`)).status).toBe(401);
  expect((await owner(server, '198.51.100.7')).status).toBe(429);
});
