import { connect, type Socket } from 'node:net';
import { Hono } from 'hono';
import { expect, onTestFinished, test } from 'vitest';
import { securityHeaders } from './http/security-headers';
import { connectionLimitsOf, readServerConfig } from './server-config';
import { type ConnectionLimits, startServer } from './start-server';
import { inboxPage, startTestServer } from './test-server.test-support';

/** A site that reads the whole body of a post, behind the same security headers as the real one. */
async function siteWith(limits: ConnectionLimits) {
  const app = new Hono();
  app.use(securityHeaders({ trustProxy: false }));
  app.get('/', (c) => c.text('home'));
  app.post('/', async (c) => c.text(`got ${(await c.req.text()).length} bytes`));
  const server = await startServer(app, { host: '127.0.0.1', port: 0, limits });
  onTestFinished(() => server.close());
  return { url: server.url, port: Number(new URL(server.url).port) };
}

/** A connection the test writes to by hand; it records all it is sent and when the server closed it. */
async function rawClient(port: number, localAddress = '127.0.0.1') {
  const socket: Socket = connect({ port, host: '127.0.0.1', localAddress });
  onTestFinished(() => {
    socket.destroy();
  });
  const opened = Date.now();
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, closed, received: () => received, isOpen: () => !socket.destroyed && socket.readyState === 'open' };
}

/** Writes one byte every `everyMs` until the server closes the connection. */
function trickle(socket: Socket, bytes: string, everyMs: number) {
  let next = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || next >= bytes.length) {
      clearInterval(timer);
      return;
    }
    socket.write(bytes.charAt(next));
    next += 1;
  }, everyMs);
  onTestFinished(() => clearInterval(timer));
}

const postHead = (length: number) => `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\n\r\n`;

const quick: ConnectionLimits = { headersTimeoutMs: 1000, requestTimeoutMs: 2000, maxConnectionsPerClient: 20 };

test('a body trickled in a byte at a time is cut off at the request timeout, with 408 and the security headers', async () => {
  const site = await siteWith(quick);
  const client = await rawClient(site.port);
  client.socket.write(postHead(1000));
  trickle(client.socket, 'x'.repeat(1000), 200);

  const lasted = await client.closed;
  expect(lasted).toBeGreaterThanOrEqual(1900);
  expect(lasted).toBeLessThan(3500);
  expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  expect(client.received()).toContain('Content-Security-Policy: default-src');
});

test('a quote request trickled into the whole server is cut off the same way, and nothing is stored', async () => {
  const server = await startTestServer('sqlite', { connections: quick });
  onTestFinished(() => server.stop());
  const body = JSON.stringify({ name: 'Slow Loris', phone: '020 7946 0777', service_type: 'general' });
  const client = await rawClient(Number(new URL(server.url).port));
  client.socket.write(
    `POST /api/quote-requests HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  trickle(client.socket, body, 300);

  expect(await client.closed).toBeLessThan(3500);
  expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  expect((await inboxPage(server)).quotes).toEqual([]);
});

test('with nothing configured, a body trickled one byte every 2 seconds is cut off within 30 seconds', { timeout: 45_000 }, async () => {
  const limits = connectionLimitsOf(readServerConfig({}));
  expect(limits.requestTimeoutMs).toBeLessThanOrEqual(30_000);
  expect(limits.headersTimeoutMs).toBeLessThanOrEqual(limits.requestTimeoutMs);
  const site = await siteWith(limits);
  const client = await rawClient(site.port);
  client.socket.write(postHead(1000));
  trickle(client.socket, 'x'.repeat(1000), 2000);

  const lasted = await client.closed;
  expect(lasted).toBeLessThanOrEqual(30_000);
  expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
});

test('headers sent slowly are cut off at the headers timeout, and so is a connection that sends nothing', async () => {
  const site = await siteWith(quick);
  const slow = await rawClient(site.port);
  trickle(slow.socket, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n${'X-Pad: y\r\n'.repeat(50)}\r\n`, 100);
  const silent = await rawClient(site.port);

  for (const client of [slow, silent]) {
    const lasted = await client.closed;
    expect(lasted).toBeGreaterThanOrEqual(900);
    expect(lasted).toBeLessThan(2500);
  }
  expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
});

test('a request sent at a normal pace is answered as before, and the connection kept alive', async () => {
  const site = await siteWith(quick);
  const first = await fetch(site.url, { method: 'POST', body: 'hello' });
  expect(await first.text()).toBe('got 5 bytes');
  const client = await rawClient(site.port);
  client.socket.write(`${postHead(2)}ok`);
  await expect.poll(client.received).toContain('got 2 bytes');
  expect(client.isOpen()).toBe(true);
});

test('a client over its share of connections is refused while other clients are still served', async () => {
  const site = await siteWith({ headersTimeoutMs: 10_000, requestTimeoutMs: 20_000, maxConnectionsPerClient: 3 });
  const held = await Promise.all([1, 2, 3].map(() => rawClient(site.port)));
  const extra = await rawClient(site.port);
  extra.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  expect(await extra.closed).toBeLessThan(2000);
  expect(extra.received()).toMatch(/^HTTP\/1\.1 429 /);
  expect(extra.received()).not.toContain('home');
  expect(extra.received()).toContain('X-Frame-Options: DENY');
  expect(held.every((client) => client.isOpen())).toBe(true);

  // Another address on this machine's loopback: another client.
  const other = await rawClient(site.port, '127.0.0.2');
  other.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await expect.poll(other.received).toMatch(/^HTTP\/1\.1 200 [\s\S]*home$/);

  // A connection given back is one the client may open again.
  held[0]?.socket.destroy();
  await held[0]?.closed;
  const again = await rawClient(site.port);
  again.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await expect.poll(again.received).toMatch(/^HTTP\/1\.1 200 /);
});

test('a connection over the cap that sends nothing is closed at the headers timeout', async () => {
  const site = await siteWith({ ...quick, maxConnectionsPerClient: 1 });
  const held = await rawClient(site.port);
  const silent = await rawClient(site.port);
  const lasted = await silent.closed;
  expect(lasted).toBeGreaterThanOrEqual(900);
  expect(lasted).toBeLessThan(2500);
  expect(silent.received()).toMatch(/^HTTP\/1\.1 408 /);
  held.socket.destroy();
});

test('without a cap (behind our own proxy) one address may hold many connections', async () => {
  const site = await siteWith({ ...quick, maxConnectionsPerClient: undefined });
  const clients = await Promise.all(Array.from({ length: 30 }, () => rawClient(site.port)));
  const last = clients.at(-1);
  last?.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await expect.poll(() => last?.received()).toMatch(/^HTTP\/1\.1 200 /);
});

test.each([
  ['a backslash in the path', 'GET /a\\b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 400],
  ['a Host that is no host', 'GET / HTTP/1.1\r\nHost: exa mple:99999\r\n\r\n', 400],
  ['an absolute target that is no URL', 'GET http://[nonsense/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 400],
  ['a control character in the target', 'GET /\x01 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 400],
  ['a request line that is no request line', 'HELLO\r\n\r\n', 400],
  ['half an escape', 'GET /%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 404],
  ['a lone percent sign', 'GET /% HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 404],
  ['no Host header over HTTP/1.1', 'GET / HTTP/1.1\r\n\r\n', 400],
  ['no Host header over HTTP/1.0', 'GET / HTTP/1.0\r\n\r\n', 400],
])('%s still gets every security header', async (_, request, status) => {
  const site = await siteWith(quick);
  const normal = await fetch(site.url);
  const expected = [...normal.headers.keys()].filter((name) => name !== 'content-type' && name !== 'content-length' && !name.startsWith('date') && name !== 'connection' && name !== 'keep-alive');
  expect(expected).toContain('content-security-policy');

  const client = await rawClient(site.port);
  client.socket.write(request);
  await expect.poll(client.received).toMatch(/\r\n\r\n/);
  const [statusLine = '', ...lines] = client.received().split('\r\n\r\n')[0]?.split('\r\n') ?? [];
  expect(statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  const names = lines.map((line) => line.split(':')[0]?.toLowerCase());
  for (const name of expected) expect(names, statusLine).toContain(name);
});
