import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, expect, test } from 'vitest';
import { formTokenFieldName } from '../../../domain/spam/spam';
import { startTestServer, type TestServer } from '../test-server.test-support';

// A built site as the build leaves it: the home page with the quote form, a page without it, the 404
// page, a hashed asset with its compressed copies, an image, and the build's own records.
const siteDir = mkdtempSync(join(tmpdir(), 'static-lane-'));
afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
});
function write(path: string, content: string | Uint8Array, compressed = false) {
  const full = join(siteDir, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
  if (!compressed) return;
  writeFileSync(`${full}.br`, brotliCompressSync(content));
  writeFileSync(`${full}.gz`, gzipSync(content));
}
const homeHtml = `<!doctype html><html><head><title>Home</title></head><body>${'<p>Boilers and leaks.</p>'.repeat(30)}<form><input type="hidden" name="${formTokenFieldName}" value=""/></form></body></html>`;
write('index.html', homeHtml, true);
write('privacy/index.html', '<!doctype html><title>Privacy</title><p>Your data.</p>', true);
write('404.html', '<!doctype html><title>Not found</title><p>No such page.</p>', true);
write('assets/app-abc123.js', `export const greeting = ${JSON.stringify('hello '.repeat(50))};\n`, true);
write('share-image.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
write('.vite/manifest.json', '{}');

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

/** The same site served twice over one kind of database: by the lane and the app, and by the app alone. */
async function sideBySide(options: { trustProxy?: boolean; siteUrl?: string } = {}) {
  const [withLane, appAlone] = await Promise.all([
    startTestServer('sqlite', { ...options, site: { dir: siteDir, lane: true } }),
    startTestServer('sqlite', { ...options, site: { dir: siteDir, lane: false } }),
  ]);
  servers.push(withLane, appAlone);
  return { withLane, appAlone };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A request as written, target and all (fetch would tidy the path), and its answer with the body decoded. */
function ask(url: string, target: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, method, path: target, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const text = encoding === undefined && (response.headers['content-type'] ?? '').startsWith('text/');
        const decoded = raw.length === 0 ? raw : encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : undefined;
        const body = decoded ? decoded.toString() : raw.toString(text ? 'utf8' : 'base64');
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          // The date is the moment's, and the page's token (with its length) the server's own.
          if (name === 'date' || value === undefined) continue;
          headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ status: response.statusCode ?? 0, headers, body });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** The answer with each server's own form token taken out, so two servers' pages compare. */
function withoutToken(answer: Answer): Answer {
  const token = new RegExp(`(name="${formTokenFieldName}" value=")[^"]*`);
  const body = answer.body.replace(token, '$1…');
  const tokenPage = body !== answer.body;
  const headers = { ...answer.headers };
  if (tokenPage) delete headers['content-length'];
  return { ...answer, headers, body };
}

const targets = [
  '/',
  '/privacy',
  '/privacy/',
  '/assets/app-abc123.js',
  '/share-image.png',
  '/index.html',
  '/404.html',
  '/.vite/manifest.json',
  '/no-such-page',
  '/%61ssets/app-abc123.js',
  '/assets/../privacy',
  '//privacy',
  '/privacy?utm_source=flyer',
];
const encodings = [undefined, 'br, gzip', 'gzip', 'identity'];

test('the lane answers each file and page exactly as the app does, and leaves the rest to it', async () => {
  const { withLane, appAlone } = await sideBySide();
  for (const target of targets) {
    for (const method of ['GET', 'HEAD']) {
      for (const encoding of encodings) {
        const headers = encoding === undefined ? {} : { 'accept-encoding': encoding };
        const [byLane, byApp] = await Promise.all([ask(withLane.url, target, { method, headers }), ask(appAlone.url, target, { method, headers })]);
        expect(withoutToken(byLane), `${method} ${target} (${encoding ?? 'no Accept-Encoding'})`).toEqual(withoutToken(byApp));
      }
    }
  }
  // It did take the files and pages at plain paths, and only those: the rest went to the app.
  const taken = new Set(withLane.laneLogs.map(({ path }) => path));
  expect([...taken].sort()).toEqual(['/', '/assets/app-abc123.js', '/privacy', '/privacy/', '/share-image.png']);
  // Every request has its line in the log, whoever answered it, and the same line.
  const line = ({ method, path, status }: { method: string; path: string; status: number }) => `${method} ${path} ${status}`;
  expect(withLane.logs.map(line)).toEqual(appAlone.logs.map(line));
});

test('a browser whose copy is current gets the same 304 from the lane as from the app', async () => {
  const { withLane, appAlone } = await sideBySide();
  for (const encoding of ['br', 'gzip', 'identity']) {
    const { headers } = await ask(appAlone.url, '/assets/app-abc123.js', { headers: { 'accept-encoding': encoding } });
    const conditional = { 'accept-encoding': encoding, 'if-none-match': headers.etag ?? '' };
    const [byLane, byApp] = await Promise.all([
      ask(withLane.url, '/assets/app-abc123.js', { headers: conditional }),
      ask(appAlone.url, '/assets/app-abc123.js', { headers: conditional }),
    ]);
    expect(byLane.status).toBe(304);
    expect(byLane).toEqual(byApp);
  }
  expect(withLane.laneLogs.map(({ status }) => status)).toEqual([304, 304, 304]);
});

test('behind our proxy, a page asked for over HTTPS gets the HTTPS headers (HSTS) from the lane too; a forwarded host is the app’s to judge', async () => {
  const { withLane, appAlone } = await sideBySide({ trustProxy: true });
  for (const headers of [{ 'x-forwarded-proto': 'https' }, { 'x-forwarded-proto': 'https, http' }, { 'x-forwarded-proto': 'http' }, { 'x-forwarded-host': 'www.se1plumbing.example' }]) {
    const [byLane, byApp] = await Promise.all([ask(withLane.url, '/privacy', { headers }), ask(appAlone.url, '/privacy', { headers })]);
    expect(byLane, JSON.stringify(headers)).toEqual(byApp);
  }
  expect((await ask(withLane.url, '/privacy', { headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeDefined();
  expect(withLane.laneLogs).toHaveLength(4);
});

test('with SITE_URL set, the lane answers only for the site’s host; another host is refused by the app, as before', async () => {
  const { withLane, appAlone } = await sideBySide({ siteUrl: 'https://www.se1plumbing.example' });
  for (const host of ['www.se1plumbing.example', 'WWW.SE1PLUMBING.EXAMPLE.', 'www.se1plumbing.example:3000', 'evil.example', '127.0.0.1']) {
    const [byLane, byApp] = await Promise.all([ask(withLane.url, '/', { headers: { host } }), ask(appAlone.url, '/', { headers: { host } })]);
    expect(withoutToken(byLane), host).toEqual(withoutToken(byApp));
    expect(byLane.status, host).toBe(host.toLowerCase().startsWith('www.se1plumbing.example') ? 200 : 421);
  }
  expect(withLane.laneLogs).toHaveLength(3);
});
