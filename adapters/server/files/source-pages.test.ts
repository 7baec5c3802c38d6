import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, onTestFinished, test } from 'vitest';
import { formTokenFieldName } from '../../../domain/spam/spam';
import { manualClock } from '../../../fixtures/manual-clock.test-support';
import { startTestServer } from '../test-server.test-support';
import { keptSources } from '../pages/page-with-token';

// The home page as the build writes it, with the form's token and its hidden inputs for where a
// visitor came from, which React renders with no value.
const siteDir = mkdtempSync(join(tmpdir(), 'source-pages-'));
afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
});
const sourceInputs = ['landing_page', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign', 'has_gclid'].map((name) => `<input type="hidden" name="${name}"/>`).join('');
const homeHtml = (token: string) =>
  `<!doctype html><html><body>${'<p>Boilers, radiators and leaks.</p>'.repeat(50)}<form method="post"><input type="hidden" name="${formTokenFieldName}" value="${token}"/>${sourceInputs}<input name="name"/></form></body></html>`;
writeFileSync(join(siteDir, 'index.html'), homeHtml(''));

/** A GET of `target` from `client` (as our proxy says, in X-Forwarded-For), with its answer decoded. */
function ask(url: string, target: string, headers: Record<string, string> = {}, client = '203.0.113.7') {
  return new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
    const { port } = new URL(url);
    const asked = httpRequest({ host: '127.0.0.1', port, path: target, headers: { 'x-forwarded-for': client, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], body: body.toString() });
      });
    });
    asked.on('error', reject);
    asked.end();
  });
}

const tokenIn = (page: string) => new RegExp(`name="${formTokenFieldName}" value="([^"]*)"`).exec(page)?.[1] ?? '';

async function serverWith(pagesDrawn: number, now?: () => Date) {
  const server = await startTestServer('sqlite', { site: { dir: siteDir }, trustProxy: true, limits: { pagesDrawn }, ...(now && { now }) });
  onTestFinished(() => server.stop());
  return server;
}

test('visitors from one place in one second are sent one page, its token signed once and shared with the plain page', async () => {
  const clock = manualClock('2026-11-20T09:00:00Z');
  const server = await serverWith(100_000, clock.now);
  const signed = server.tokensIssued();
  const answers = [];
  for (let visitor = 0; visitor < 20; visitor += 1) {
    answers.push(await ask(server.url, '/', { referer: 'https://www.google.com/search?q=boiler', 'accept-encoding': visitor % 2 === 0 ? 'br' : 'gzip' }, `203.0.113.${visitor}`));
  }
  const plain = await ask(server.url, '/');
  expect(server.tokensIssued() - signed).toBe(1);

  const token = tokenIn(plain.body);
  expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
  const filled = sourceInputs
    .replace('name="landing_page"/>', 'name="landing_page" value="/"/>')
    .replace('name="referrer_host"/>', 'name="referrer_host" value="www.google.com"/>');
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(homeHtml(token).replace(sourceInputs, filled));
  }
  expect(plain.body).toBe(homeHtml(token));

  // The next second, the next token, in the plain page and the visitor's alike.
  clock.time += 1000;
  const next = await ask(server.url, '/?utm_source=gbp&utm_campaign=spring%20boilers', { referer: 'https://www.google.com/' });
  expect(server.tokensIssued() - signed).toBe(2);
  expect(next.body).toBe(
    homeHtml(tokenIn(next.body)).replace(
      sourceInputs,
      sourceInputs
        .replace('name="landing_page"/>', 'name="landing_page" value="/?utm_source=gbp&amp;utm_campaign=spring%20boilers"/>')
        .replace('name="referrer_host"/>', 'name="referrer_host" value="www.google.com"/>')
        .replace('name="utm_source"/>', 'name="utm_source" value="gbp"/>')
        .replace('name="utm_campaign"/>', 'name="utm_campaign" value="spring boilers"/>'),
    ),
  );
  expect(tokenIn(next.body)).not.toBe(token);
  expect(tokenIn((await ask(server.url, '/')).body)).toBe(tokenIn(next.body));
});

test('a client asking for the page from ever new places is refused past its allowance, 429 with Retry-After; the places kept, the plain page and other clients are not', async () => {
  const server = await serverWith(3);
  for (const host of ['a.example', 'b.example', 'c.example']) {
    expect((await ask(server.url, '/', { referer: `https://${host}/` })).status, host).toBe(200);
  }
  const refused = await ask(server.url, '/', { referer: 'https://d.example/' });
  expect(refused.status).toBe(429);
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  expect(refused.body).toMatch(/^Too many requests\. Please try again in \d+ (?:second|seconds), or call us on /);
  expect((await ask(server.url, '/?utm_campaign=another')).status).toBe(429);

  const kept = await ask(server.url, '/', { referer: 'https://a.example/' });
  expect(kept.status).toBe(200);
  expect(kept.body).toContain('name="referrer_host" value="a.example"');
  expect((await ask(server.url, '/')).status).toBe(200);
  const another = await ask(server.url, '/', { referer: 'https://d.example/' }, '198.51.100.9');
  expect(another.status).toBe(200);
  expect(another.body).toContain('name="referrer_host" value="d.example"');
});

test(`the places kept are the latest ${keptSources} asked for: one asked for before them is made, and counted, again`, async () => {
  const server = await serverWith(keptSources + 1);
  const hosts = Array.from({ length: keptSources + 1 }, (_, index) => `site-${index}.example`);
  for (const host of hosts) expect((await ask(server.url, '/', { referer: `https://${host}/` })).status, host).toBe(200);
  // The latest are kept, whatever the second: no allowance is left, and none is needed.
  expect((await ask(server.url, '/', { referer: `https://${hosts.at(-1) ?? ''}/` })).status).toBe(200);
  expect((await ask(server.url, '/', { referer: `https://${hosts[1] ?? ''}/` })).status).toBe(200);
  expect((await ask(server.url, '/', { referer: `https://${hosts[0] ?? ''}/` })).status).toBe(429);
});
