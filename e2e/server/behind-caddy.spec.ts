import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eStaff, quoteForm, signInAsStaff } from '../fixtures';
import { pageFormToken } from './form-token';
import { freePort, httpsRequest, requireBinary, startCaddy, stopAll } from './proxies';
import { startServer } from './spawned-server';

// The live set-up of docs/deploy.md on one machine: Debian's Caddy with deploy/Caddyfile (its addresses
// changed, its certificate Caddy's own) in front of the built server, set as deploy/quotes.env.example
// sets it (TRUST_PROXY=true, SITE_URL the site's address), driven by Chromium and by clients at other
// addresses. Two stored requests an hour per client, so that whose address the server counts shows.
test('behind Caddy: HTTPS with HSTS, HTTP redirected, the __Host- session, posts from the site and not from elsewhere, limits per visitor, other hosts refused', async ({ browser }) => {
  requireBinary('/usr/bin/caddy', 'caddy');
  test.setTimeout(120_000);
  const folder = mkdtempSync(join(tmpdir(), 'quotes-caddy-'));
  const started: ChildProcess[] = [];
  const ports = { https: await freePort(), http: await freePort() };
  const site = `https://localhost:${ports.https}`;
  try {
    const server = await startServer(join(folder, 'data'), started, {
      SITE_URL: site,
      TRUST_PROXY: 'true',
      STAFF_EMAIL: e2eStaff.email,
      STAFF_PASSWORD: e2eStaff.password,
      QUOTE_REQUESTS_PER_HOUR: '2',
    });
    await startCaddy(folder, { ...ports, upstream: Number(new URL(server.url).port) }, started);
    const context = await browser.newContext({ baseURL: site, ignoreHTTPSErrors: true });
    const page = await context.newPage();

    await test.step('plain HTTP is redirected to HTTPS, for good', async () => {
      const redirect = await context.request.get(`http://localhost:${ports.http}/quotes?view=new`, { maxRedirects: 0 });
      expect(redirect.status()).toBe(308);
      expect(redirect.headers().location).toBe(`${site}/quotes?view=new`);
      await page.goto(`http://localhost:${ports.http}/`);
      expect(page.url()).toBe(`${site}/`);
    });

    await test.step('the site over HTTPS, with one HSTS header and compressed once, by the server', async () => {
      const home = await page.goto('/');
      expect(home?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const headers = (await home?.headersArray()) ?? [];
      expect(headers.filter(({ name }) => name.toLowerCase() === 'strict-transport-security').map(({ value }) => value)).toEqual(['max-age=31536000; includeSubDomains']);
      // The server took the visit for HTTPS (X-Forwarded-Proto): its policy upgrades insecure requests.
      expect(headers.find(({ name }) => name.toLowerCase() === 'content-security-policy')?.value).toContain('upgrade-insecure-requests');
      const brotli = await httpsRequest(ports.https, '/', { headers: { 'accept-encoding': 'br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      // What the server sends as it is, Caddy does not compress either.
      const json = await httpsRequest(ports.https, '/api/openapi.json', { headers: { 'accept-encoding': 'gzip, br, zstd' } });
      expect(json.status).toBe(200);
      expect(json.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(json.body)).toHaveProperty('openapi');
    });

    await test.step('staff sign in, and the session cookie is __Host-: Secure, HttpOnly, this host only', async () => {
      await signInAsStaff(page);
      const cookies = await context.cookies(site);
      expect(cookies.map(({ name }) => name)).toEqual(['__Host-staff_session']);
      expect(cookies[0]).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    });

    await test.step('a form post without JavaScript, and a JSON post, from the site are taken', async () => {
      const plain = await browser.newContext({ baseURL: site, ignoreHTTPSErrors: true, javaScriptEnabled: false });
      const plainPage = await plain.newPage();
      await plainPage.goto('/');
      const form = quoteForm(plainPage);
      await form.getByLabel('Full name').fill('Ada Through Caddy');
      await form.getByLabel('Phone number').fill('020 7946 0777');
      await form.getByLabel('Service type').selectOption('other');
      const [posted] = await Promise.all([
        plainPage.waitForResponse((candidate) => candidate.request().method() === 'POST'),
        form.getByRole('button', { name: 'Get Free Quote' }).click(),
      ]);
      expect(posted.status()).toBe(303);
      await expect(plainPage.getByRole('status')).toContainText('Quote Request Submitted!');
      await plain.close();

      const token = await pageFormToken(context.request);
      const status = await page.evaluate(async (body) => {
        const response = await fetch('/api/quote-requests', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        return response.status;
      }, JSON.stringify({ name: 'Bea Through Caddy', phone: '020 7946 0778', service_type: 'other', ...token }));
      expect(status).toBe(201);
    });

    await test.step("a post from another site's page is refused", async () => {
      const elsewhere = await context.newPage();
      await elsewhere.route('https://elsewhere.example/', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<form method="post" action="${site}/api/quote-requests"><input name="name" value="Forged"><input name="phone" value="020 7946 0999"><input name="service_type" value="other"><button>Send</button></form>`,
        }),
      );
      await elsewhere.goto('https://elsewhere.example/');
      const [refused] = await Promise.all([
        elsewhere.waitForResponse((candidate) => candidate.url().startsWith(site) && candidate.request().method() === 'POST'),
        elsewhere.getByRole('button', { name: 'Send' }).click(),
      ]);
      expect(refused.status()).toBe(403);
      await elsewhere.close();
    });

    await test.step("the limits count each visitor's own address, which Caddy passes on, not Caddy's", async () => {
      // The browser has had its two; a visitor at another address has two of its own, and a third at yet another.
      const token = await pageFormToken(context.request);
      const post = (localAddress: string, name: string) =>
        httpsRequest(ports.https, '/api/quote-requests', {
          method: 'POST',
          localAddress,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
          body: JSON.stringify({ name, phone: '020 7946 0779', service_type: 'other', ...token }),
        });
      expect((await post('127.0.0.5', 'Cy One')).status).toBe(201);
      expect((await post('127.0.0.5', 'Cy Two')).status).toBe(201);
      const over = await post('127.0.0.5', 'Cy Three');
      expect(over.status).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // What the visitor wrote in X-Forwarded-For itself bought it nothing; another address is another visitor.
      expect((await post('127.0.0.6', 'Di One')).status).toBe(201);
    });

    await test.step("a request for another host never gets the site: Caddy has no certificate for it, and the server refuses it", async () => {
      await expect(httpsRequest(ports.https, '/', { host: 'elsewhere.example' })).rejects.toThrow();
      const foreignHost = await httpsRequest(ports.https, '/', { host: `localhost:${ports.https}`, headers: { host: 'elsewhere.example' } });
      expect(foreignHost.body).not.toContain('SE1');
      // A forged X-Forwarded-Host is replaced by Caddy with the host asked for: the site answers as usual.
      expect((await httpsRequest(ports.https, '/', { headers: { 'x-forwarded-host': 'elsewhere.example' } })).status).toBe(200);
      // Were Caddy to pass one on, the server itself refuses it (SITE_URL).
      const direct = await fetch(`${server.url}/`, { headers: { 'x-forwarded-host': 'elsewhere.example', 'x-forwarded-proto': 'https' } });
      expect(direct.status).toBe(421);
    });

    // Read as staff through Caddy: every request taken is stored, and nothing refused is.
    const list = await context.request.get('/api/quote-requests?view=all&limit=500');
    expect(list.status()).toBe(200);
    const { quotes } = (await list.json()) as { quotes: { name: string }[] };
    expect(quotes.map(({ name }) => name).sort()).toEqual(['Ada Through Caddy', 'Bea Through Caddy', 'Cy One', 'Cy Two', 'Di One']);
    await context.close();
  } finally {
    await stopAll(started);
    rmSync(folder, { recursive: true, force: true });
  }
});
