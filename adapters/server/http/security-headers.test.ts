import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { headersFor, securityHeaders, securityHeadersBeforeRouting } from './security-headers';

const csp =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** A site in miniature: a page, a plain Response, an asset that names its server, and a crash. */
function site(trustProxy: boolean) {
  const app = new Hono();
  app.use(securityHeaders({ trustProxy }));
  app.onError((_error, c) => c.text('Something went wrong on our side', 500));
  app.get('/', (c) => c.html('<!doctype html><title>Home</title>'));
  app.get('/asset.js', () => new Response('export {}', { headers: { 'content-type': 'text/javascript', 'x-powered-by': 'Hono' } }));
  app.get('/moved', () => Response.redirect('http://localhost/', 301));
  app.get('/private', () => new Response('a page whose address holds a token', { headers: { 'referrer-policy': 'no-referrer' } }));
  app.get('/crash', () => {
    throw new Error('boom');
  });
  return app;
}

const expectBrowserDefences = (response: Response) => {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  const permissions = response.headers.get('permissions-policy') ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions).toContain(`${feature}=()`);
  expect(permissions).not.toMatch(/=\*|=\(self/);
  expect(response.headers.has('x-powered-by')).toBe(false);
};

test('a page, an asset, a redirect, a 404 and an error over HTTP all get every header but HSTS', async () => {
  const app = site(false);
  const responses = await Promise.all(['/', '/asset.js', '/moved', '/no-such-page', '/crash'].map(async (path) => app.request(path)));
  expect(responses.map((response) => response.status)).toEqual([200, 200, 301, 404, 500]);
  for (const response of responses) {
    expectBrowserDefences(response);
    expect(response.headers.get('content-security-policy')).toBe(csp);
    expect(response.headers.has('strict-transport-security')).toBe(false);
  }
});

test('over HTTPS they also get HSTS, and the policy upgrades insecure requests', async () => {
  const app = site(false);
  for (const path of ['/', '/no-such-page', '/crash']) {
    const response = await app.request(`https://se1-plumbing.example${path}`);
    expectBrowserDefences(response);
    expect(response.headers.get('content-security-policy')).toBe(`${csp}; upgrade-insecure-requests`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  }
});

test('behind a trusted proxy, HTTPS is what X-Forwarded-Proto says', async () => {
  const overHttps = await site(true).request('/', { headers: { 'x-forwarded-proto': 'https' } });
  expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  const overHttp = await site(true).request('/', { headers: { 'x-forwarded-proto': 'http' } });
  expect(overHttp.headers.has('strict-transport-security')).toBe(false);
});

test('without a trusted proxy, X-Forwarded-Proto cannot ask for HSTS', async () => {
  const response = await site(false).request('/', { headers: { 'x-forwarded-proto': 'https' } });
  expect(response.headers.has('strict-transport-security')).toBe(false);
  expect(response.headers.get('content-security-policy')).toBe(csp);
});

test('the policy allows nothing inline, nothing evaluated and nothing from elsewhere', async () => {
  const policy = (await site(false).request('/')).headers.get('content-security-policy') ?? '';
  expect(policy).not.toMatch(/unsafe-|\*|https?:/);
});

test('a route that sends no referrer keeps its own policy; every other header is still set', async () => {
  const response = await site(false).request('/private');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('content-security-policy')).toBe(csp);
  expect(response.headers.get('x-frame-options')).toBe('DENY');
});

const loaderHashes = ['sha256-bG9hZGVyIG9mIHRoZSBob21lIHBhZ2U=', 'sha256-bG9hZGVyIG9mIHRoZSBvdGhlciBwYWdlcw=='];
const styleHash = 'sha256-c3R5bGVzaGVldA==';

test('the build’s inline loaders and stylesheet are allowed by their hashes alone: nothing else inline, nothing evaluated', async () => {
  const app = new Hono();
  app.use(securityHeaders({ trustProxy: false, styleHashes: [styleHash], scriptHashes: loaderHashes }));
  app.get('/', (c) => c.html('<!doctype html><title>Home</title>'));
  const policy = (await app.request('/')).headers.get('content-security-policy') ?? '';
  const directives = new Map(policy.split('; ').map((directive) => [directive.split(' ')[0], directive]));
  expect(directives.get('script-src')).toBe(`script-src 'self' '${loaderHashes[0] ?? ''}' '${loaderHashes[1] ?? ''}'`);
  expect(directives.get('style-src')).toBe(`style-src 'self' '${styleHash}'`);
  expect(directives.get('default-src')).toBe("default-src 'self'");
  expect(policy).not.toMatch(/unsafe-|strict-dynamic|\*|https?:/);
});

test('the headers are a function of the two lists alone, the same for each request', () => {
  const first = headersFor([styleHash], loaderHashes);
  expect(headersFor([styleHash], loaderHashes)).toEqual(first);
  const policyOf = (headers: [string, string][]) => new Map(headers).get('Content-Security-Policy') ?? '';
  expect(policyOf(first.overHttp)).toContain(`script-src 'self' '${loaderHashes.join("' '")}';`);
  expect(policyOf(first.overHttps)).toBe(`${policyOf(first.overHttp)}; upgrade-insecure-requests`);
  expect(new Map(first.overHttps).get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
  expect(new Map(first.overHttp).has('Strict-Transport-Security')).toBe(false);
  // No hashes, no inline script or stylesheet at all.
  expect(policyOf(headersFor([], []).overHttp)).toBe(csp);
});

test('an answer made before routing carries no page of the build, so its policy allows nothing inline', () => {
  expect(new Map(securityHeadersBeforeRouting).get('Content-Security-Policy')).toBe(csp);
});
