import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, onTestFinished, test } from 'vitest';
import { startTestServer, type TestServer } from './test-server.test-support';

// A built site with one large file: its answer takes many writes, so a client can reset mid-answer.
const siteDir = mkdtempSync(join(tmpdir(), 'connection-resets-'));
mkdirSync(join(siteDir, 'assets'));
writeFileSync(join(siteDir, 'assets', 'large-abc123.js'), `export const pad = "${'x'.repeat(8 * 1024 * 1024)}";\n`);
writeFileSync(join(siteDir, '404.html'), '<!doctype html><title>Not found</title>');
afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
});

const cap = 3;

/**
 * A server with a small cap on connections per client, and every error the process did not handle
 * while the test ran: such an error ends a real server's process.
 */
async function serverWatched(): Promise<{ server: TestServer; uncaught: unknown[] }> {
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  process.on('uncaughtException', record);
  const server = await startTestServer('sqlite', {
    site: { dir: siteDir },
    connections: { headersTimeoutMs: 5_000, requestTimeoutMs: 10_000, maxConnectionsPerClient: cap },
  });
  onTestFinished(async () => {
    await server.stop();
    process.off('uncaughtException', record);
  });
  return { server, uncaught };
}

/** A raw connection the test writes to by hand, recording what it reads. */
async function rawConnection(url: string): Promise<{ socket: Socket; received: () => string }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('latin1').on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => undefined);
  onTestFinished(() => {
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => received };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resets the connection (TCP RST), then checks the server still answers, and nothing went unhandled. */
async function resetAndCheck({ server, uncaught }: { server: TestServer; uncaught: unknown[] }, socket: Socket) {
  socket.resetAndDestroy();
  // Time for the reset to reach the server and for any error it raises to surface.
  await pause(100);
  expect(uncaught).toEqual([]);
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
}

test('a connection reset before it sends anything leaves the server answering', async () => {
  const watched = await serverWatched();
  const { socket } = await rawConnection(watched.server.url);
  await resetAndCheck(watched, socket);
});

test('a connection reset in the middle of its headers leaves the server answering', async () => {
  const watched = await serverWatched();
  const { socket } = await rawConnection(watched.server.url);
  socket.write('GET /privacy HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/ht');
  await pause(50);
  await resetAndCheck(watched, socket);
});

test('a connection reset in the middle of a quote request’s body leaves the server answering, and stores nothing', async () => {
  const watched = await serverWatched();
  const { socket } = await rawConnection(watched.server.url);
  const body = JSON.stringify({ name: 'Half Sent', phone: '020 7946 0777', service_type: 'general' });
  socket.write(`POST /api/quote-requests HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
  socket.write(body.slice(0, 20));
  await pause(50);
  await resetAndCheck(watched, socket);
  const stored = await watched.server.db.selectFrom('quote_requests').select('id').execute();
  expect(stored).toEqual([]);
});

test('a connection reset while its answer is being written leaves the server answering', async () => {
  const watched = await serverWatched();
  const { socket, received } = await rawConnection(watched.server.url);
  // The client reads nothing more once the answer has begun: the server is left with most of 8 MB to write.
  socket.write('GET /assets/large-abc123.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await expect.poll(received).toMatch(/^HTTP\/1\.1 200 /);
  socket.pause();
  await pause(50);
  await resetAndCheck(watched, socket);
});

test('a kept-alive connection reset while idle after its answer leaves the server answering', async () => {
  const watched = await serverWatched();
  const { socket, received } = await rawConnection(watched.server.url);
  socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await expect.poll(received).toMatch(/^HTTP\/1\.1 200 [\s\S]*"ok"/);
  await pause(50);
  await resetAndCheck(watched, socket);
});

test('a connection refused for being over the cap, then reset, leaves the server answering', async () => {
  const watched = await serverWatched();
  const held = await Promise.all(Array.from({ length: cap }, () => rawConnection(watched.server.url)));
  const refused = await rawConnection(watched.server.url);
  // A whole quote request: refused with the connection, and not stored.
  const body = JSON.stringify({ name: 'One Too Many', phone: '020 7946 0777', service_type: 'general' });
  refused.socket.write(`POST /api/quote-requests HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  await expect.poll(refused.received).toMatch(/^HTTP\/1\.1 429 /);
  await resetAndCheck(watched, refused.socket);
  expect(await watched.server.db.selectFrom('quote_requests').select('id').execute()).toEqual([]);
  // And one reset at once, before the server has said anything.
  const another = await rawConnection(watched.server.url);
  await resetAndCheck(watched, another.socket);
  for (const { socket } of held) socket.destroy();
});
