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

async function respond(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await site.respond(path, get(path, headers));
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
  expect(await decodedBody(await respond('/'))).toBe(indexHtml);
});

test('a page is found by its path, with or without a trailing slash', async () => {
  expect(await decodedBody(await respond('/privacy'))).toBe(privacyHtml);
  expect(await decodedBody(await respond('/privacy/'))).toBe(privacyHtml);
  expect(site.has('/privacy')).toBe(true);
});

test('an unknown path answers nothing', async () => {
  expect(await site.respond('/no-such-page', get('/no-such-page'))).toBeUndefined();
  expect(site.has('/no-such-page')).toBe(false);
});

test('the build’s own records are not served', async () => {
  expect(await site.respond('/.vite/manifest.json', get('/.vite/manifest.json'))).toBeUndefined();
});

test('the compressed copies are not served as files of their own', async () => {
  expect(await site.respond('/index.html.br', get('/index.html.br'))).toBeUndefined();
  expect(await site.respond('/assets/app-abc123.js.gz', get('/assets/app-abc123.js.gz'))).toBeUndefined();
});

test('source maps are never served, nor their compressed copies', async () => {
  for (const path of ['/assets/app-abc123.js.map', '/assets/app-abc123.js.map.br', '/assets/app-abc123.js.map.gz']) {
    expect(await site.respond(path, get(path)), path).toBeUndefined();
  }
});

test('a path containing a NUL character answers nothing', async () => {
  expect(await site.respond('/index.html\0.png', get('/'))).toBeUndefined();
  expect(site.has('/\0')).toBe(false);
});

test('the not-found page is sent with its status, and never as 304', async () => {
  const first = await site.notFound(get('/no-such-page'));
  expect(first?.status).toBe(404);
  const etag = first?.headers.get('etag') ?? '';
  const again = await site.notFound(get('/no-such-page', { 'if-none-match': etag }));
  expect(again?.status).toBe(404);
  expect(again && (await decodedBody(again))).toBe(notFoundHtml);
});

test('a page’s file name is no address of its own: /404.html, /index.html and the like answer nothing', async () => {
  for (const path of ['/404.html', '/index.html', '/privacy/index.html', '/privacy.html']) {
    expect(await site.respond(path, get(path)), path).toBeUndefined();
    expect(site.has(path), path).toBe(false);
  }
});

test('a site built without a 404 page has none to send', async () => {
  const empty = await StaticFiles.load(join(siteDir, 'no-such-directory'));
  expect(await empty.notFound(get('/no-such-page'))).toBeUndefined();
});

test('a browser accepting Brotli gets the Brotli copy', async () => {
  const response = await respond('/', { 'accept-encoding': 'br, gzip' });
  expect(response.headers.get('content-encoding')).toBe('br');
  expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(indexHtml);
});

test('a browser accepting only gzip gets the gzip copy', async () => {
  const response = await respond('/', { 'accept-encoding': 'gzip' });
  expect(response.headers.get('content-encoding')).toBe('gzip');
  expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(indexHtml);
});

test('a browser refusing Brotli with q=0 gets gzip', async () => {
  expect((await respond('/', { 'accept-encoding': 'br;q=0, gzip' })).headers.get('content-encoding')).toBe('gzip');
});

test('a browser accepting no compression gets the file as it is', async () => {
  for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
    const response = await respond('/assets/app-abc123.js', headers);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe(appJs);
  }
});

test('files with compressed copies vary by Accept-Encoding, and others do not', async () => {
  expect((await respond('/')).headers.get('vary')).toBe('accept-encoding');
  expect((await respond('/assets/app-abc123.js')).headers.get('vary')).toBe('accept-encoding');
  expect((await respond('/share-image.png')).headers.get('vary')).toBeNull();
});

test('a file without compressed copies is sent as it is, whatever the browser accepts', async () => {
  const response = await respond('/share-image.png', { 'accept-encoding': 'br, gzip' });
  expect(response.headers.get('content-encoding')).toBeNull();
  expect(new Uint8Array(await response.arrayBuffer())).toEqual(shareImage);
});

test('each file has the content type of its kind', async () => {
  expect((await respond('/')).headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect((await respond('/assets/app-abc123.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect((await respond('/share-image.png')).headers.get('content-type')).toBe('image/png');
});

test('hashed assets are cached for good, and pages are checked each time', async () => {
  expect((await respond('/assets/app-abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect((await respond('/')).headers.get('cache-control')).toBe('no-cache');
  expect((await respond('/privacy')).headers.get('cache-control')).toBe('no-cache');
});

test('each encoding of a file has its own ETag', async () => {
  const etags = await Promise.all(['br', 'gzip', 'identity'].map(async (encoding) => (await respond('/', { 'accept-encoding': encoding })).headers.get('etag')));
  expect(etags.every((etag) => etag?.startsWith('"') && etag.endsWith('"'))).toBe(true);
  expect(new Set(etags).size).toBe(3);
});

test('a browser whose copy is current gets 304 with no body', async () => {
  const etag = (await respond('/', { 'accept-encoding': 'br' })).headers.get('etag') ?? '';
  const response = await respond('/', { 'accept-encoding': 'br', 'if-none-match': etag });
  expect(response.status).toBe(304);
  expect(response.headers.get('etag')).toBe(etag);
  expect(await response.text()).toBe('');
});

test('a weak ETag, or a list holding the current one, also gets 304', async () => {
  const etag = (await respond('/privacy')).headers.get('etag') ?? '';
  expect((await respond('/privacy', { 'if-none-match': `W/${etag}` })).status).toBe(304);
  expect((await respond('/privacy', { 'if-none-match': `"old-one", ${etag}, "older"` })).status).toBe(304);
});

test('a browser holding another version gets the file', async () => {
  expect((await respond('/privacy', { 'if-none-match': '"an-old-version"' })).status).toBe(200);
  const brotliEtag = (await respond('/', { 'accept-encoding': 'br' })).headers.get('etag') ?? '';
  const response = await respond('/', { 'if-none-match': brotliEtag });
  expect(response.status).toBe(200);
  expect(await decodedBody(response)).toBe(indexHtml);
});

test('HEAD answers with the headers and the length but no body', async () => {
  const path = '/assets/app-abc123.js';
  const response = await site.respond(path, new Request(`http://site.test${path}`, { method: 'HEAD' }));
  expect(response?.status).toBe(200);
  expect(response?.headers.get('content-length')).toBe(String(Buffer.byteLength(appJs)));
  expect(response?.body).toBeNull();
});

test('a site that was never built serves nothing', async () => {
  const empty = await StaticFiles.load(join(siteDir, 'no-such-directory'));
  expect(await empty.respond('/', get('/'))).toBeUndefined();
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
      const response = await respond(path, { 'accept-encoding': header });
      expect(response.status).toBe(200);
      expect(await decodedBody(response)).toBe(path === '/' ? indexHtml : path === '/privacy' ? privacyHtml : appJs);
    }),
  );
});

/** A built home page holding the quote form, as the build prerenders it: its token's value empty. */
const formHtml = (token: string) =>
  `<!doctype html><html><head><title>Home</title><style>${'.field{margin:0 auto}'.repeat(200)}</style></head><body>${'<p>Boilers, radiators and leaks.</p>'.repeat(50)}<form method="post"><input type="hidden" name="form_token" value="${token}"/><input name="name"/></form>${'<p>Call us on 020 7946 0123.</p>'.repeat(50)}</body></html>`;
const formSiteDir = join(siteDir, 'with-form');
const writeInFormSite = (path: string, content: string) => {
  mkdirSync(dirname(join(formSiteDir, path)), { recursive: true });
  writeFileSync(join(formSiteDir, path), content);
  writeFileSync(join(formSiteDir, `${path}.br`), brotliCompressSync(content));
  writeFileSync(join(formSiteDir, `${path}.gz`), gzipSync(content));
};
writeInFormSite('index.html', formHtml(''));
writeInFormSite('privacy/index.html', privacyHtml);
let issued = 0;
const issuedAt: Date[] = [];
const opened = Date.parse('2026-11-20T09:00:00Z');
let formSiteClock = opened;
const formSite = await StaticFiles.load(formSiteDir, {
  formTokens: {
    tokens: {
      issue: (now) => {
        issuedAt.push(now);
        issued += 1;
        return Promise.resolve(`${now.getTime()}.token-${issued}`);
      },
    },
    now: () => new Date(formSiteClock),
  },
});

async function respondWithForm(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
  const response = await formSite.respond(path, new Request(`http://site.test${path}`, { headers, method }));
  if (!response) throw new Error(`Nothing was served at ${path}`);
  return response;
}

test('a page holding the quote form is sent with a token issued by the server’s clock, a new one each second', async () => {
  const first = await decodedBody(await respondWithForm('/'));
  expect(first).toBe(formHtml(`${opened}.token-${issued}`));
  expect(issuedAt.at(-1)).toEqual(new Date(opened));
  // Within the second, every visitor is sent the same one, signed once.
  const before = issued;
  formSiteClock = opened + 999;
  expect(await decodedBody(await respondWithForm('/', { 'accept-encoding': 'gzip' }))).toBe(first);
  expect(issued).toBe(before);
  // A second on, a new one, issued then.
  formSiteClock = opened + 1000;
  expect(await decodedBody(await respondWithForm('/'))).toBe(formHtml(`${opened + 1000}.token-${before + 1}`));
  expect(issuedAt.at(-1)).toEqual(new Date(opened + 1000));
  // A clock set back (a corrected server clock) never keeps a token from its future.
  formSiteClock = opened;
  expect(await decodedBody(await respondWithForm('/'))).toBe(formHtml(`${opened}.token-${before + 2}`));
});

test('a page with the form is sent in the best encoding the browser takes, whole when decoded, and about as small as the build’s', async () => {
  const page = formHtml(`${opened}.token-${issued}`);
  const cases = [
    { accept: 'br, gzip', encoding: 'br' },
    { accept: 'gzip;q=0.5, br;q=1', encoding: 'br' },
    { accept: '*', encoding: 'br' },
    { accept: 'gzip', encoding: 'gzip' },
    { accept: 'br;q=0, gzip', encoding: 'gzip' },
    { accept: 'identity', encoding: null },
    { accept: 'gzip;q=0', encoding: null },
  ];
  for (const { accept, encoding } of cases) {
    const response = await respondWithForm('/', { 'accept-encoding': accept });
    expect(response.headers.get('content-encoding'), accept).toBe(encoding);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-length'), accept).toBe(String(body.length));
    const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
    expect(decoded.toString(), accept).toBe(page);
    // Compressed once for the second, nearly as well as the build compresses its files.
    if (encoding === 'br') expect(body.length).toBeLessThan(brotliCompressSync(page).length * 1.15);
    if (encoding === 'gzip') expect(body.length).toBeLessThanOrEqual(gzipSync(page, { level: 9 }).length);
  }
});

test('a page with the form has no ETag and is never answered 304; it is checked each time, and varies by Accept-Encoding', async () => {
  const plainEtag = (await respond('/')).headers.get('etag') ?? '';
  const response = await respondWithForm('/', { 'if-none-match': plainEtag });
  expect(response.status).toBe(200);
  expect(response.headers.get('etag')).toBeNull();
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(response.headers.get('vary')).toBe('accept-encoding');
  expect((await respondWithForm('/', { 'if-none-match': '*' })).status).toBe(200);
});

test('HEAD of a page with the form issues no token', async () => {
  const before = issued;
  const response = await respondWithForm('/', {}, 'HEAD');
  expect(response.status).toBe(200);
  expect(response.body).toBeNull();
  expect(issued).toBe(before);
});

test('pages without the form are served as built, with their ETags and compressed copies', async () => {
  const response = await respondWithForm('/privacy', { 'accept-encoding': 'br' });
  expect(response.headers.get('content-encoding')).toBe('br');
  expect(response.headers.get('etag')).not.toBeNull();
  expect(await decodedBody(response)).toBe(privacyHtml);
});
