import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, expect, test } from 'vitest';
import { StaticFiles } from './static-files';

const indexHtml = `<!doctype html><html><head><title>Home</title></head><body>${'<p>Boilers, radiators and leaks.</p>'.repeat(20)}</body></html>`;
const privacyHtml = '<!doctype html><html><head><title>Privacy</title></head><body>Your data.</body></html>';
const notFoundHtml = '<!doctype html><html><head><title>Not found</title></head><body>No such page.</body></html>';
const appJs = `export const greeting = ${JSON.stringify('hello '.repeat(50))};\n`;
const shareImage = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** A built site as `vite build` leaves it: pages, hashed assets with compressed copies, and the build's own records. */
const siteDir = mkdtempSync(join(tmpdir(), 'static-files-'));
afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
});

function write(path: string, content: string | Uint8Array) {
  const full = join(siteDir, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
}

function writeWithCompressedCopies(path: string, content: string) {
  write(path, content);
  write(`${path}.br`, brotliCompressSync(content));
  write(`${path}.gz`, gzipSync(content));
}

writeWithCompressedCopies('index.html', indexHtml);
write('privacy/index.html', privacyHtml);
write('404.html', notFoundHtml);
writeWithCompressedCopies('assets/app-abc123.js', appJs);
write('share-image.png', shareImage);
// A source map an older build left: it holds the original source, with its comments.
writeWithCompressedCopies('assets/app-abc123.js.map', JSON.stringify({ version: 3, sources: ['app.ts'], sourcesContent: ['// internal'] }));
write('.vite/manifest.json', JSON.stringify({ 'index.html': { file: 'assets/app-abc123.js' } }));

const site = await StaticFiles.load(siteDir);

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://site.test${path}`, { headers });

function respond(path: string, headers: Record<string, string> = {}): Response {
  const response = site.respond(path, get(path, headers));
  if (!response) throw new Error(`Nothing was served at ${path}`);
  return response;
}

/** The body as the browser sees it, once it has undone the content encoding. */
async function decodedBody(response: Response): Promise<string> {
  const body = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  if (encoding !== null) throw new Error(`Unexpected content encoding ${encoding}`);
  return body.toString();
}

test('the root answers with the home page', async () => {
  expect(await decodedBody(respond('/'))).toBe(indexHtml);
});

test('a page is found by its path, with or without a trailing slash', async () => {
  expect(await decodedBody(respond('/privacy'))).toBe(privacyHtml);
  expect(await decodedBody(respond('/privacy/'))).toBe(privacyHtml);
  expect(site.has('/privacy')).toBe(true);
});

test('an unknown path answers nothing', () => {
  expect(site.respond('/no-such-page', get('/no-such-page'))).toBeUndefined();
  expect(site.has('/no-such-page')).toBe(false);
});

test('the build’s own records are not served', () => {
  expect(site.respond('/.vite/manifest.json', get('/.vite/manifest.json'))).toBeUndefined();
});

test('the compressed copies are not served as files of their own', () => {
  expect(site.respond('/index.html.br', get('/index.html.br'))).toBeUndefined();
  expect(site.respond('/assets/app-abc123.js.gz', get('/assets/app-abc123.js.gz'))).toBeUndefined();
});

test('source maps are never served, nor their compressed copies', () => {
  for (const path of ['/assets/app-abc123.js.map', '/assets/app-abc123.js.map.br', '/assets/app-abc123.js.map.gz']) {
    expect(site.respond(path, get(path)), path).toBeUndefined();
  }
});

test('a path containing a NUL character answers nothing', () => {
  expect(site.respond('/index.html\0.png', get('/'))).toBeUndefined();
  expect(site.has('/\0')).toBe(false);
});

test('the not-found page is sent with its status, and never as 304', async () => {
  const first = site.notFound(get('/no-such-page'));
  expect(first?.status).toBe(404);
  const etag = first?.headers.get('etag') ?? '';
  const again = site.notFound(get('/no-such-page', { 'if-none-match': etag }));
  expect(again?.status).toBe(404);
  expect(again && (await decodedBody(again))).toBe(notFoundHtml);
});

test('a page’s file name is no address of its own: /404.html, /index.html and the like answer nothing', () => {
  for (const path of ['/404.html', '/index.html', '/privacy/index.html', '/privacy.html']) {
    expect(site.respond(path, get(path)), path).toBeUndefined();
    expect(site.has(path), path).toBe(false);
  }
});

test('a site built without a 404 page has none to send', async () => {
  const empty = await StaticFiles.load(join(siteDir, 'no-such-directory'));
  expect(empty.notFound(get('/no-such-page'))).toBeUndefined();
});

test('a browser accepting Brotli gets the Brotli copy', async () => {
  const response = respond('/', { 'accept-encoding': 'br, gzip' });
  expect(response.headers.get('content-encoding')).toBe('br');
  expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(indexHtml);
});

test('a browser accepting only gzip gets the gzip copy', async () => {
  const response = respond('/', { 'accept-encoding': 'gzip' });
  expect(response.headers.get('content-encoding')).toBe('gzip');
  expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(indexHtml);
});

test('a browser refusing Brotli with q=0 gets gzip', () => {
  expect(respond('/', { 'accept-encoding': 'br;q=0, gzip' }).headers.get('content-encoding')).toBe('gzip');
});

test('a browser accepting no compression gets the file as it is', async () => {
  for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
    const response = respond('/assets/app-abc123.js', headers);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe(appJs);
  }
});

test('files with compressed copies vary by Accept-Encoding, and others do not', () => {
  expect(respond('/').headers.get('vary')).toBe('accept-encoding');
  expect(respond('/assets/app-abc123.js').headers.get('vary')).toBe('accept-encoding');
  expect(respond('/share-image.png').headers.get('vary')).toBeNull();
});

test('a file without compressed copies is sent as it is, whatever the browser accepts', async () => {
  const response = respond('/share-image.png', { 'accept-encoding': 'br, gzip' });
  expect(response.headers.get('content-encoding')).toBeNull();
  expect(new Uint8Array(await response.arrayBuffer())).toEqual(shareImage);
});

test('each file has the content type of its kind', () => {
  expect(respond('/').headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(respond('/assets/app-abc123.js').headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(respond('/share-image.png').headers.get('content-type')).toBe('image/png');
});

test('hashed assets are cached for good, and pages are checked each time', () => {
  expect(respond('/assets/app-abc123.js').headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(respond('/').headers.get('cache-control')).toBe('no-cache');
  expect(respond('/privacy').headers.get('cache-control')).toBe('no-cache');
});

test('each encoding of a file has its own ETag', () => {
  const etags = ['br', 'gzip', 'identity'].map((encoding) => respond('/', { 'accept-encoding': encoding }).headers.get('etag'));
  expect(etags.every((etag) => etag?.startsWith('"') && etag.endsWith('"'))).toBe(true);
  expect(new Set(etags).size).toBe(3);
});

test('a browser whose copy is current gets 304 with no body', async () => {
  const etag = respond('/', { 'accept-encoding': 'br' }).headers.get('etag') ?? '';
  const response = respond('/', { 'accept-encoding': 'br', 'if-none-match': etag });
  expect(response.status).toBe(304);
  expect(response.headers.get('etag')).toBe(etag);
  expect(await response.text()).toBe('');
});

test('a weak ETag, or a list holding the current one, also gets 304', () => {
  const etag = respond('/privacy').headers.get('etag') ?? '';
  expect(respond('/privacy', { 'if-none-match': `W/${etag}` }).status).toBe(304);
  expect(respond('/privacy', { 'if-none-match': `"old-one", ${etag}, "older"` }).status).toBe(304);
});

test('a browser holding another version gets the file', async () => {
  expect(respond('/privacy', { 'if-none-match': '"an-old-version"' }).status).toBe(200);
  const brotliEtag = respond('/', { 'accept-encoding': 'br' }).headers.get('etag') ?? '';
  const response = respond('/', { 'if-none-match': brotliEtag });
  expect(response.status).toBe(200);
  expect(await decodedBody(response)).toBe(indexHtml);
});

test('HEAD answers with the headers and the length but no body', () => {
  const path = '/assets/app-abc123.js';
  const response = site.respond(path, new Request(`http://site.test${path}`, { method: 'HEAD' }));
  expect(response?.status).toBe(200);
  expect(response?.headers.get('content-length')).toBe(String(Buffer.byteLength(appJs)));
  expect(response?.body).toBeNull();
});

test('a site that was never built serves nothing', async () => {
  const empty = await StaticFiles.load(join(siteDir, 'no-such-directory'));
  expect(empty.respond('/', get('/'))).toBeUndefined();
  expect(empty.has('/')).toBe(false);
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

test('whatever the browser accepts, it gets the file it asked for', async () => {
  await fc.assert(
    fc.asyncProperty(acceptEncoding, fc.constantFrom('/', '/assets/app-abc123.js', '/privacy'), async (header, path) => {
      const response = respond(path, { 'accept-encoding': header });
      expect(response.status).toBe(200);
      expect(await decodedBody(response)).toBe(path === '/' ? indexHtml : path === '/privacy' ? privacyHtml : appJs);
    }),
  );
});
