import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { clientAddress, unknownClientAddress } from './client-address';

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
