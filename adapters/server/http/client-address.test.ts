import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { clientAddress, isLoopbackAddress, isLoopbackClient, unknownClientAddress } from './client-address';

/** What @hono/node-server hands the app as its environment: the Node request and its socket. */
const fromSocket = (remoteAddress: string | undefined) => ({ incoming: { socket: { remoteAddress } } });

async function addressOf(headers: Record<string, string>, trustProxy: boolean, env?: unknown) {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, { trustProxy })));
  return (await app.request('/', { headers }, env)).text();
}

test('the address is the socket’s', async () => {
  expect(await addressOf({}, false, fromSocket('203.0.113.9'))).toBe('203.0.113.9');
});

test('without a trusted proxy, X-Forwarded-For is ignored', async () => {
  expect(await addressOf({ 'x-forwarded-for': '198.51.100.1' }, false, fromSocket('203.0.113.9'))).toBe('203.0.113.9');
});

test('with a trusted proxy, the address is the last of X-Forwarded-For, the one our proxy wrote', async () => {
  const headers = { 'x-forwarded-for': '192.0.2.66, 198.51.100.1 , 2001:db8::7' };
  expect(await addressOf(headers, true, fromSocket('10.0.0.2'))).toBe('2001:db8::7');
  expect(await addressOf({ 'x-forwarded-for': '198.51.100.1' }, true, fromSocket('10.0.0.2'))).toBe('198.51.100.1');
});

test('with a trusted proxy but no X-Forwarded-For, the address is the socket’s', async () => {
  expect(await addressOf({}, true, fromSocket('10.0.0.2'))).toBe('10.0.0.2');
  expect(await addressOf({ 'x-forwarded-for': ' ' }, true, fromSocket('10.0.0.2'))).toBe('10.0.0.2');
});

test('without a socket, or once it has closed, the address is unknown', async () => {
  expect(await addressOf({}, false)).toBe(unknownClientAddress);
  expect(await addressOf({}, false, fromSocket(undefined))).toBe(unknownClientAddress);
});

async function isLocal(headers: Record<string, string>, trustProxy: boolean, env?: unknown) {
  const app = new Hono().get('/', (c) => c.text(String(isLoopbackClient(c, { trustProxy }))));
  return (await app.request('/', { headers }, env)).text();
}

test('loopback addresses are 127.0.0.0/8 and ::1, however written; nothing else is', () => {
  for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1', '[::1]', '[::1]:8080', '127.0.0.1:3000', '0:0:0:0:0:0:0:1']) {
    expect(isLoopbackAddress(address), address).toBe(true);
  }
  for (const address of ['203.0.113.9', '10.0.0.2', '::ffff:203.0.113.9', '2001:db8::1', 'unknown', '_proxy', 'localhost', '1270.0.0.1', '']) {
    expect(isLoopbackAddress(address), address).toBe(false);
  }
});

test('without a trusted proxy, a client is on this machine when its socket is loopback, whatever its headers say', async () => {
  expect(await isLocal({}, false, fromSocket('127.0.0.1'))).toBe('true');
  expect(await isLocal({ 'x-forwarded-for': '203.0.113.9' }, false, fromSocket('::1'))).toBe('true');
  expect(await isLocal({ 'x-forwarded-for': '127.0.0.1' }, false, fromSocket('203.0.113.9'))).toBe('false');
  expect(await isLocal({}, false)).toBe('false');
});

test('behind a trusted proxy on loopback, every address the forwarding headers name must be loopback too', async () => {
  const proxy = fromSocket('127.0.0.1');
  expect(await isLocal({}, true, proxy)).toBe('true');
  expect(await isLocal({ 'x-forwarded-for': '127.0.0.1' }, true, proxy)).toBe('true');
  expect(await isLocal({ 'x-forwarded-for': '203.0.113.9' }, true, proxy)).toBe('false');
  // Forged by the client before its real address: still its real address that counts, and either way no.
  expect(await isLocal({ 'x-forwarded-for': '127.0.0.1, 203.0.113.9' }, true, proxy)).toBe('false');
  expect(await isLocal({ 'x-forwarded-for': '203.0.113.9, 127.0.0.1' }, true, proxy)).toBe('false');
  expect(await isLocal({ 'x-real-ip': '198.51.100.7' }, true, proxy)).toBe('false');
  expect(await isLocal({ forwarded: 'for=198.51.100.7;proto=https' }, true, proxy)).toBe('false');
  expect(await isLocal({ forwarded: 'for="[::1]:41234", for=127.0.0.1' }, true, proxy)).toBe('true');
  expect(await isLocal({ forwarded: 'for=unknown' }, true, proxy)).toBe('false');
  expect(await isLocal({ 'x-forwarded-for': '127.0.0.1' }, true, fromSocket('10.0.0.2'))).toBe('false');
});
