import { Hono } from 'hono';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { WireErrorSchema } from '../../http-api/wire';
import { type CrossSiteOptions, refuseCrossSiteRequests } from './cross-site';

const site = 'https://se1-plumbing.example';

/** Answers 200 to any method once a request gets past the check. */
function app(trustProxy = false, options: Omit<CrossSiteOptions, 'trustProxy'> = { warn: () => undefined }) {
  const hono = new Hono();
  hono.use(refuseCrossSiteRequests({ trustProxy, ...options }));
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

// What nginx sends for a site on https://se1-plumbing.example:8443 with the common `$host`, which has no port.
const behindNginx = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'se1-plumbing.example', 'x-forwarded-for': '203.0.113.9', 'content-type': 'application/json' };
const onItsOwnPort = 'https://se1-plumbing.example:8443';
const internal = 'http://se1-plumbing.example/api/quote-requests';

test("with SITE_URL, a post from the site's own page passes though the proxy dropped the port", async () => {
  const warned: string[] = [];
  const hono = app(true, { siteUrl: `${onItsOwnPort}/`, warn: (line) => warned.push(line) });
  const post = (origin: string) => hono.request(internal, { method: 'POST', headers: { ...behindNginx, origin }, body: '{}' });
  expect((await post(onItsOwnPort)).status).toBe(200);
  // Only the site's own origin is taken so: another port, scheme or host is still another site.
  for (const origin of ['https://se1-plumbing.example:9443', 'http://se1-plumbing.example:8443', 'https://evil.example:8443']) await expectRefused(await post(origin));
  expect(warned).toEqual([expect.stringContaining('se1-plumbing.example:9443')]);
});

test('without SITE_URL, a post refused because the proxy dropped the port is logged once, naming the fix', async () => {
  const warned: string[] = [];
  const hono = app(true, { warn: (line) => warned.push(line) });
  for (let post = 0; post < 3; post += 1) {
    await expectRefused(await hono.request(internal, { method: 'POST', headers: { ...behindNginx, origin: onItsOwnPort }, body: '{}' }));
  }
  expect(warned).toHaveLength(1);
  expect(warned[0]).toContain('proxy_set_header X-Forwarded-Host $http_host;');
  expect(warned[0]).toContain('rather than `$host`');
  expect(warned[0]).toContain(`set SITE_URL to ${onItsOwnPort}`);
});

test('behind a proxy that ends HTTPS, a post refused for want of TRUST_PROXY or X-Forwarded-Proto says which', async () => {
  const warned: string[] = [];
  const headers = { origin: site, 'content-type': 'application/json' };
  await expectRefused(await app(false, { warn: (line) => warned.push(line) }).request('http://se1-plumbing.example/api/quote-requests', { method: 'POST', headers, body: '{}' }));
  await expectRefused(await app(true, { warn: (line) => warned.push(line) }).request('http://se1-plumbing.example/api/quote-requests', { method: 'POST', headers, body: '{}' }));
  expect(warned).toEqual([expect.stringContaining('set TRUST_PROXY=true'), expect.stringContaining('proxy_set_header X-Forwarded-Proto $scheme;')]);
});

test('a post from another host name is refused without a word about the proxy', async () => {
  const warned: string[] = [];
  const hono = app(true, { warn: (line) => warned.push(line) });
  await expectRefused(await hono.request(internal, { method: 'POST', headers: { ...behindNginx, origin: 'https://evil.example:8443' }, body: '{}' }));
  expect(warned).toEqual([]);
});
