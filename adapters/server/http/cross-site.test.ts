import { Hono } from 'hono';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { WireErrorSchema } from '../../http-api/wire';
import { refuseCrossSiteRequests } from './cross-site';

const site = 'https://se1-plumbing.example';

/** Answers 200 to any method once a request gets past the check. */
function app(trustProxy = false) {
  const hono = new Hono();
  hono.use(refuseCrossSiteRequests({ trustProxy }));
  hono.all('*', (c) => c.text(`${c.req.method} done`));
  return hono;
}

const send = (method: string, headers: Record<string, string>, url = `${site}/api/quote-requests`, trustProxy = false) =>
  app(trustProxy).request(url, { method, headers, ...(method === 'GET' || method === 'HEAD' ? {} : { body: 'name=x' }) });

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  const body = v.parse(WireErrorSchema, await response.json());
  expect(body.error).toBe('cross-site-request');
  expect(body.message).not.toBe('');
}

test('a same-origin post from our own page passes', async () => {
  const form = { origin: site, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' };
  expect((await send('POST', form)).status).toBe(200);
  expect((await send('POST', { origin: site, 'content-type': 'application/json' })).status).toBe(200);
});

test('a form, JSON or DELETE from another origin is refused', async () => {
  const elsewhere = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
  await expectRefused(await send('POST', { ...elsewhere, 'content-type': 'application/x-www-form-urlencoded' }));
  await expectRefused(await send('POST', { ...elsewhere, 'content-type': 'application/json' }));
  await expectRefused(await send('POST', { ...elsewhere, 'content-type': 'text/plain' }));
  for (const method of ['PUT', 'PATCH', 'DELETE']) await expectRefused(await send(method, elsewhere));
});

test('an origin that differs only in scheme, port or subdomain is another origin', async () => {
  for (const origin of ['http://se1-plumbing.example', 'https://se1-plumbing.example:8443', 'https://www.se1-plumbing.example']) {
    await expectRefused(await send('POST', { origin, 'content-type': 'application/json' }));
  }
});

test('Origin: null, from a sandboxed frame or a data: page, is refused', async () => {
  await expectRefused(await send('POST', { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' }));
  await expectRefused(await send('POST', { origin: 'null', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' }));
  await expectRefused(await send('POST', { origin: 'null', 'sec-fetch-site': 'same-site', 'content-type': 'application/x-www-form-urlencoded' }));
});

test('Origin: null from our own page that sends no referrer passes, as the browser says it is same-origin', async () => {
  expect((await send('POST', { origin: 'null', 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(200);
});

test('without Origin, a Sec-Fetch-Site of cross-site or same-site is refused', async () => {
  await expectRefused(await send('POST', { 'sec-fetch-site': 'cross-site' }));
  await expectRefused(await send('DELETE', { 'sec-fetch-site': 'same-site' }));
  expect((await send('POST', { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  expect((await send('POST', { 'sec-fetch-site': 'none' })).status).toBe(200);
});

test('a request with neither header, from curl or another server, passes', async () => {
  expect((await send('POST', { 'content-type': 'application/json' })).status).toBe(200);
  expect((await send('DELETE', {})).status).toBe(200);
});

test('reading is never refused, wherever it comes from', async () => {
  const elsewhere = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
  for (const method of ['GET', 'HEAD', 'OPTIONS']) expect((await send(method, elsewhere)).status).toBe(200);
});

test('behind a trusted proxy, our origin is what X-Forwarded-Proto and -Host say', async () => {
  const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'se1-plumbing.example', 'content-type': 'application/json' };
  const internal = 'http://10.0.0.7:3000/api/quote-requests';
  expect((await send('POST', { ...proxied, origin: site }, internal, true)).status).toBe(200);
  await expectRefused(await send('POST', { ...proxied, origin: 'http://10.0.0.7:3000' }, internal, true));
  await expectRefused(await send('POST', { ...proxied, origin: 'https://evil.example' }, internal, true));
});

test('without a trusted proxy, X-Forwarded headers cannot make another origin ours', async () => {
  const forged = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', origin: 'https://evil.example' };
  await expectRefused(await send('POST', forged, 'http://10.0.0.7:3000/api/quote-requests'));
});
