import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, expect, onTestFinished, test } from 'vitest';
import { formTokenFieldName } from '../../../domain/spam/spam';
import { manualClock } from '../../../fixtures/manual-clock.test-support';
import { startTestServer } from '../test-server.test-support';

// A built site as `vite build` leaves it: the home page with the quote form, a page without it, the
// 404 page, a hashed asset with compressed copies, an image, the build's own records, an old source
// map; and beside the site, a file that must never be reached from it.
const rootDir = mkdtempSync(join(tmpdir(), 'serve-site-'));
const siteDir = join(rootDir, 'client');
afterAll(() => {
  rmSync(rootDir, { recursive: true, force: true });
});
function write(path: string, content: string | Uint8Array, { compressed = false } = {}) {
  const full = join(siteDir, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
  if (!compressed) return;
  writeFileSync(`${full}.br`, brotliCompressSync(content));
  writeFileSync(`${full}.gz`, gzipSync(content));
}
// The form's hidden inputs for where a visitor came from, as React renders them: no value.
const sourceInputs = ['landing_page', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign', 'has_gclid'].map((name) => `<input type="hidden" name="${name}"/>`).join('');
const homeHtml = (token: string) =>
  `<!doctype html><html><head><title>Home</title></head><body>${'<p>Boilers, radiators and leaks.</p>'.repeat(50)}<form method="post"><input type="hidden" name="${formTokenFieldName}" value="${token}"/>${sourceInputs}<input name="name"/></form></body></html>`;
const privacyHtml = `<!doctype html><html><head><title>Privacy</title></head><body>${'<p>Your data.</p>'.repeat(20)}</body></html>`;
const notFoundHtml = '<!doctype html><html><head><title>Not found</title></head><body>No such page.</body></html>';
const appJs = `export const greeting = ${JSON.stringify('hello '.repeat(50))};\n`;
const shareImage = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const secret = 'a secret beside the site';
write('index.html', homeHtml(''), { compressed: true });
write('privacy/index.html', privacyHtml, { compressed: true });
write('404.html', notFoundHtml, { compressed: true });
write('assets/app-abc123.js', appJs, { compressed: true });
write('assets/app-abc123.js.map', JSON.stringify({ version: 3, sourcesContent: ['// internal'] }), { compressed: true });
write('share-image.png', shareImage);
write('quotes.webmanifest', JSON.stringify({ name: 'Inbox', start_url: '/quotes' }));
write('.vite/manifest.json', '{}');
writeFileSync(join(rootDir, 'secret.txt'), secret);

const clock = manualClock('2026-11-20T09:00:00Z');
const server = await startTestServer('sqlite', { site: { dir: siteDir }, now: clock.now });
afterAll(() => server.stop());
const { port } = new URL(server.url);

interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  /** The body as sent, and as the browser reads it once the content encoding is undone. */
  raw: Buffer;
  body: string;
}

/** A request with its target exactly as written (fetch would tidy the path), and its answer. */
function ask(target: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method, path: target, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const decoded = raw.length === 0 ? raw : encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        const flat = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
        resolve({ status: response.statusCode ?? 0, headers: flat, raw, body: decoded.toString() });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** The status line and headers of the answer to a request written byte for byte over a socket of its own. */
async function askRaw(text: string): Promise<{ statusLine: string; headers: Map<string, string>; body: string }> {
  const socket = connect(Number(port), '127.0.0.1');
  onTestFinished(() => {
    socket.destroy();
  });
  let received = '';
  socket.setEncoding('latin1').on('data', (chunk: string) => {
    received += chunk;
  });
  socket.write(text);
  await expect.poll(() => received).toMatch(/\r\n\r\n/);
  const [head = '', body = ''] = received.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  return { statusLine, headers: new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()])), body };
}

const securityHeaderNames = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'x-frame-options', 'cross-origin-opener-policy'];
const expectSecurityHeaders = (headers: { has: (name: string) => boolean } | Record<string, unknown>, label: string) => {
  for (const name of securityHeaderNames) {
    const has = 'has' in headers && typeof headers.has === 'function' ? (headers as { has: (name: string) => boolean }).has(name) : name in headers;
    expect(has, `${label}: ${name}`).toBe(true);
  }
};

test('pages are found by their path, with or without a trailing slash', async () => {
  for (const path of ['/privacy', '/privacy/']) {
    const answer = await ask(path);
    expect(answer.status, path).toBe(200);
    expect(answer.body, path).toBe(privacyHtml);
    expect(answer.headers['content-type'], path).toBe('text/html; charset=utf-8');
  }
});

test('the compressed copy the browser accepts is sent: Brotli first, then gzip, else the file as it is', async () => {
  const cases = [
    { accept: 'br, gzip', encoding: 'br' },
    { accept: 'gzip, br', encoding: 'br' },
    { accept: 'gzip', encoding: 'gzip' },
    { accept: 'br;q=0, gzip', encoding: 'gzip' },
    { accept: 'identity', encoding: undefined },
    { accept: 'deflate', encoding: undefined },
    { accept: undefined, encoding: undefined },
  ];
  for (const path of ['/privacy', '/assets/app-abc123.js']) {
    for (const { accept, encoding } of cases) {
      const answer = await ask(path, { headers: accept === undefined ? {} : { 'accept-encoding': accept } });
      const label = `${path} (${accept ?? 'no Accept-Encoding'})`;
      expect(answer.headers['content-encoding'], label).toBe(encoding);
      expect(answer.body, label).toBe(path === '/privacy' ? privacyHtml : appJs);
      expect(answer.headers['content-length'], label).toBe(String(answer.raw.length));
      // Whichever copy is sent, a cache must know that another browser may be sent another.
      expect(answer.headers.vary, label).toBe('Accept-Encoding');
    }
  }
});

test('a file without compressed copies is sent as it is, and does not vary', async () => {
  const answer = await ask('/share-image.png', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(answer.headers['content-type']).toBe('image/png');
  expect(answer.headers['content-encoding']).toBeUndefined();
  expect(answer.headers.vary).toBeUndefined();
  expect(new Uint8Array(answer.raw)).toEqual(shareImage);
});

test('hashed assets are cached for good; pages and other files are checked each time', async () => {
  expect((await ask('/assets/app-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await ask('/assets/app-abc123.js', { headers: { 'accept-encoding': 'br' } })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await ask('/assets/app-abc123.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect((await ask('/privacy')).headers['cache-control']).toBe('no-cache');
  expect((await ask('/quotes.webmanifest')).headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  expect((await ask('/share-image.png')).headers['cache-control']).toBe('no-cache');
});

test('each copy of a page has its own ETag, and a browser holding the current one gets 304 with no body', async () => {
  const tags = new Map<string, string | undefined>();
  for (const accept of ['br', 'gzip', 'identity']) {
    const { headers } = await ask('/privacy', { headers: { 'accept-encoding': accept } });
    tags.set(accept, headers.etag);
    const again = await ask('/privacy', { headers: { 'accept-encoding': accept, 'if-none-match': headers.etag ?? '' } });
    expect(again.status, accept).toBe(304);
    expect(again.raw.length, accept).toBe(0);
    expect(again.headers.etag, accept).toBe(headers.etag);
    expect(again.headers.vary, accept).toBe('Accept-Encoding');
    expect(again.headers['cache-control'], accept).toBe('no-cache');
    expectSecurityHeaders(again.headers, `304 (${accept})`);
  }
  expect([...tags.values()].every((tag) => tag?.startsWith('"') === true && tag.endsWith('"'))).toBe(true);
  expect(new Set(tags.values()).size).toBe(3);
  // A weak tag, or a list holding the current one, is as good; another version, or another copy's tag, is not.
  const plain = tags.get('identity') ?? '';
  expect((await ask('/privacy', { headers: { 'if-none-match': `W/${plain}` } })).status).toBe(304);
  expect((await ask('/privacy', { headers: { 'if-none-match': `"old", ${plain}, "older"` } })).status).toBe(304);
  expect((await ask('/privacy', { headers: { 'if-none-match': '"an-old-version"' } })).status).toBe(200);
  const fromBrotli = await ask('/privacy', { headers: { 'if-none-match': tags.get('br') ?? '' } });
  expect(fromBrotli.status).toBe(200);
  expect(fromBrotli.body).toBe(privacyHtml);
});

test('HEAD answers with the headers and length of GET, and no body', async () => {
  for (const [path, accept] of [
    ['/assets/app-abc123.js', 'br'],
    ['/privacy', 'gzip'],
    ['/share-image.png', ''],
    ['/', 'br'],
  ] as const) {
    const [got, head] = await Promise.all([ask(path, { headers: { 'accept-encoding': accept } }), ask(path, { method: 'HEAD', headers: { 'accept-encoding': accept } })]);
    expect(head.status, path).toBe(200);
    expect(head.raw.length, path).toBe(0);
    for (const name of ['content-type', 'content-encoding', 'cache-control', 'vary', 'etag']) expect(head.headers[name], `${path} ${name}`).toBe(got.headers[name]);
    // The home page's length changes with its token's.
    if (path !== '/') expect(head.headers['content-length'], path).toBe(got.headers['content-length']);
    else expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
  }
});

test('an unknown path gets the built 404 page with its status and every security header, never 304', async () => {
  const first = await ask('/no-such-page', { headers: { 'accept-encoding': 'br' } });
  expect(first.status).toBe(404);
  expect(first.body).toBe(notFoundHtml);
  expect(first.headers.etag).toBeUndefined();
  expectSecurityHeaders(first.headers, '404');
  expect((await ask('/no-such-page', { headers: { 'if-none-match': '*' } })).status).toBe(404);
});

test('a page’s file name, a compressed copy, the build’s records and source maps are no addresses', async () => {
  for (const path of [
    '/index.html',
    '/404.html',
    '/privacy/index.html',
    '/privacy.html',
    '/assets/app-abc123.js.br',
    '/assets/app-abc123.js.gz',
    '/.vite/manifest.json',
    '/assets/app-abc123.js.map',
    '/assets/app-abc123.js.map.br',
    '/assets',
    '/assets/',
  ]) {
    const answer = await ask(path);
    expect(answer.status, path).toBe(404);
    expect(answer.body, path).toBe(notFoundHtml);
  }
});

test('paths that climb out of the site, escape their dots or hold a NUL are answered 404 or 400, with the security headers, and reach nothing', async () => {
  const targets = [
    '/../secret.txt',
    '/../../../../etc/passwd',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/%2e%2e/etc/passwd',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/%00',
    '/privacy%00',
    '/assets/app-abc123.js%00.png',
    '/%252e%252e/secret.txt',
    '/..\\secret.txt',
    '/assets/..%5c..%5csecret.txt',
    '//secret.txt',
  ];
  for (const target of targets) {
    const { statusLine, headers, body } = await askRaw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(statusLine, target).toMatch(/^HTTP\/1\.1 (404|400) /);
    expectSecurityHeaders(headers, target);
    expect(body, target).not.toContain(secret);
    expect(body, target).not.toContain('root:');
  }
});

test('a request without a Host header gets 400 with the security headers', async () => {
  for (const request of ['GET / HTTP/1.1\r\n\r\n', 'GET /privacy HTTP/1.0\r\n\r\n']) {
    const { statusLine, headers } = await askRaw(request);
    expect(statusLine, request).toMatch(/^HTTP\/1\.1 400 /);
    expectSecurityHeaders(headers, request);
  }
});

/** The form token written into a home page, and when the token says it was issued. */
function tokenIn(page: string): { token: string; issuedMs: number } {
  const token = new RegExp(`name="${formTokenFieldName}" value="([^"]*)"`).exec(page)?.[1] ?? '';
  expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
  return { token, issuedMs: Number(token.split('.')[0]) };
}

test('the home page is sent with a form token issued by the server’s clock, the same one for a second, then a new one', async () => {
  const opened = clock.time;
  const first = await ask('/');
  expect(first.body).toBe(homeHtml(tokenIn(first.body).token));
  expect(tokenIn(first.body).issuedMs).toBe(opened);
  clock.time = opened + 999;
  expect((await ask('/', { headers: { 'accept-encoding': 'gzip' } })).body).toBe(first.body);
  clock.time = opened + 1000;
  const next = await ask('/');
  expect(tokenIn(next.body).issuedMs).toBe(opened + 1000);
  // A clock set back (a corrected server clock) never keeps a token from its future.
  clock.time = opened;
  expect(tokenIn((await ask('/')).body).issuedMs).toBe(opened);
});

test('the home page is sent in the encoding the browser takes, whole when decoded, about as small as the build’s, with no ETag', async () => {
  for (const { accept, encoding } of [
    { accept: 'br, gzip', encoding: 'br' },
    { accept: 'gzip', encoding: 'gzip' },
    { accept: 'br;q=0, gzip', encoding: 'gzip' },
    { accept: 'identity', encoding: undefined },
  ]) {
    const answer = await ask('/', { headers: { 'accept-encoding': accept, 'if-none-match': '*' } });
    expect(answer.status, accept).toBe(200);
    expect(answer.headers['content-encoding'], accept).toBe(encoding);
    expect(answer.headers['content-length'], accept).toBe(String(answer.raw.length));
    expect(answer.headers.etag, accept).toBeUndefined();
    expect(answer.headers['cache-control'], accept).toBe('no-cache');
    expect(answer.headers.vary, accept).toBe('Accept-Encoding');
    const page = homeHtml(tokenIn(answer.body).token);
    expect(answer.body, accept).toBe(page);
    if (encoding === 'br') expect(answer.raw.length).toBeLessThan(brotliCompressSync(page).length * 1.15);
    if (encoding === 'gzip') expect(answer.raw.length).toBeLessThanOrEqual(gzipSync(page, { level: 9 }).length);
  }
});

test('every file served is in the request log, with its status', async () => {
  const before = server.logs.length;
  await ask('/privacy');
  await ask('/no-such-page');
  expect(server.logs.slice(before).map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual(['GET /privacy 200', 'GET /no-such-page 404']);
});

/** Accept-Encoding headers as browsers, proxies and bots send them, and some they should not. */
const acceptEncoding = fc.oneof(
  fc
    .array(
      fc.record({
        token: fc.constantFrom('br', 'gzip', 'deflate', 'zstd', 'identity', '*', 'BR', 'GZip', 'x-gzip', ''),
        q: fc.option(fc.constantFrom('0', '1', '0.5', '0.000', '1.0', '', '.', '2', 'abc'), { nil: undefined }),
      }),
      { maxLength: 5 },
    )
    .map((parts) => parts.map(({ token, q }) => (q === undefined ? token : `${token};q=${q}`)).join(', ')),
  fc.string({ unit: fc.constantFrom('b', 'r', 'g', 'z', 'i', 'p', ',', ';', ' ', 'q', '=', '0', '1', '.', '*', '\t'), maxLength: 30 }),
);

test('whatever the browser accepts, it gets the file it asked for, whole', async () => {
  await fc.assert(
    fc.asyncProperty(acceptEncoding, fc.constantFrom('/assets/app-abc123.js', '/privacy', '/'), async (header, path) => {
      const answer = await ask(path, { headers: { 'accept-encoding': header } });
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(path === '/' ? homeHtml(tokenIn(answer.body).token) : path === '/privacy' ? privacyHtml : appJs);
    }),
    { numRuns: 60 },
  );
});

test('a visitor who came from somewhere finds it in the form’s hidden inputs, in a page of their own; from our own pages, the shared one', async () => {
  const answer = await ask('/?utm_source=gbp&utm_medium=organic&gclid=Cj0KCQ123&fbclid=IwAR0abc', {
    headers: { referer: 'https://www.google.co.uk/search?q=plumber+se1', 'accept-encoding': 'br' },
  });
  expect(answer.status).toBe(200);
  expect(answer.headers['content-encoding']).toBe('br');
  expect(answer.headers['content-length']).toBe(String(answer.raw.length));
  const filled = [
    '<input type="hidden" name="landing_page" value="/?utm_source=gbp&amp;utm_medium=organic"/>',
    '<input type="hidden" name="referrer_host" value="www.google.co.uk"/>',
    '<input type="hidden" name="utm_source" value="gbp"/>',
    '<input type="hidden" name="utm_medium" value="organic"/>',
    '<input type="hidden" name="utm_campaign"/>',
    '<input type="hidden" name="has_gclid" value="on"/>',
  ].join('');
  expect(answer.body).toBe(homeHtml(tokenIn(answer.body).token).replace(sourceInputs, filled));
  // Neither the click's id nor anything else of the address is written in, nor the search.
  expect(answer.body).not.toContain('Cj0KCQ123');
  expect(answer.body).not.toContain('IwAR0abc');
  expect(answer.body).not.toContain('plumber');

  const fromOurs = await ask('/', { headers: { referer: `${server.url}/privacy` } });
  expect(fromOurs.body).toBe(homeHtml(tokenIn(fromOurs.body).token));
});
