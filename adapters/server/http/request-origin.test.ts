import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { requestOrigin } from './request-origin';

async function originOf(url: string, headers: Record<string, string>, trustProxy: boolean): Promise<unknown> {
  const app = new Hono().get('*', (c) => c.json(requestOrigin(c, { trustProxy })));
  return (await app.request(url, { headers })).json();
}

test('without a trusted proxy, the origin is the request URL’s', async () => {
  expect(await originOf('http://127.0.0.1:3000/quotes?x=1', {}, false)).toEqual({
    origin: 'http://127.0.0.1:3000',
    https: false,
  });
  expect(await originOf('https://se1-plumbing.example/', {}, false)).toEqual({
    origin: 'https://se1-plumbing.example',
    https: true,
  });
});

test('without a trusted proxy, X-Forwarded headers are ignored', async () => {
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };
  expect(await originOf('http://127.0.0.1:3000/', forwarded, false)).toEqual({
    origin: 'http://127.0.0.1:3000',
    https: false,
  });
});

test('with a trusted proxy, the first X-Forwarded-Proto and -Host make the origin, as a browser writes it', async () => {
  const forwarded = { 'x-forwarded-proto': 'HTTPS, http', 'x-forwarded-host': 'SE1-Plumbing.Example:443, 10.0.0.7:3000' };
  expect(await originOf('http://10.0.0.7:3000/', forwarded, true)).toEqual({
    origin: 'https://se1-plumbing.example',
    https: true,
  });
});

test('with a trusted proxy that sends only X-Forwarded-Proto, the host is the request’s', async () => {
  expect(await originOf('http://se1-plumbing.example/', { 'x-forwarded-proto': 'https' }, true)).toEqual({
    origin: 'https://se1-plumbing.example',
    https: true,
  });
  expect(await originOf('http://se1-plumbing.example/', {}, true)).toEqual({
    origin: 'http://se1-plumbing.example',
    https: false,
  });
});

test('a forwarded host or scheme that is not one is ignored', async () => {
  for (const host of ['evil.example/path', 'user@evil.example', '', 'evil example']) {
    expect(await originOf('http://se1-plumbing.example/', { 'x-forwarded-host': host, 'x-forwarded-proto': 'ftp' }, true)).toEqual({
      origin: 'http://se1-plumbing.example',
      https: false,
    });
  }
});

test('a forwarded IPv6 host keeps its brackets and port', async () => {
  expect(await originOf('http://10.0.0.7/', { 'x-forwarded-host': '[2001:db8::1]:8443', 'x-forwarded-proto': 'https' }, true)).toEqual({
    origin: 'https://[2001:db8::1]:8443',
    https: true,
  });
});
