import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { quoteForm } from '../fixtures';
import { pageFormToken } from './form-token';
import { freePort, requireBinary, startNginx, stopAll } from './proxies';
import { startServer } from './spawned-server';

// The nginx habit of `$host`, which has no port, for a site on a port of its own: the server either
// works with it (SITE_URL set) or says, once, how to set nginx up. And `$http_host`, which keeps it.
const forwarded = ['proxy_set_header X-Forwarded-Proto $scheme;', 'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;'];
const habit = ['proxy_set_header Host $host;', 'proxy_set_header X-Forwarded-Host $host;', ...forwarded];
const keepsThePort = ['proxy_set_header Host $http_host;', 'proxy_set_header X-Forwarded-Host $http_host;', ...forwarded];

test('behind nginx with `$host`, a site on its own port takes its own posts with SITE_URL set, and without it says to use `$http_host`', async ({ browser }) => {
  requireBinary('/usr/sbin/nginx', 'nginx');
  test.setTimeout(120_000);
  const folder = mkdtempSync(join(tmpdir(), 'quotes-nginx-'));
  const started: ChildProcess[] = [];
  const ports = { withSiteUrl: await freePort(), withoutSiteUrl: await freePort(), fixed: await freePort() };
  const site = (port: number) => `http://localhost:${port}`;
  try {
    const behind = { TRUST_PROXY: 'true' };
    const named = await startServer(join(folder, 'named'), started, { ...behind, SITE_URL: site(ports.withSiteUrl) });
    const unnamed = await startServer(join(folder, 'unnamed'), started, behind);
    const upstream = (server: { url: string }) => Number(new URL(server.url).port);
    const proxy = join(folder, 'nginx');
    mkdirSync(proxy);
    await startNginx(
      proxy,
      [
        { port: ports.withSiteUrl, upstream: upstream(named), headers: habit },
        { port: ports.withoutSiteUrl, upstream: upstream(unnamed), headers: habit },
        { port: ports.fixed, upstream: upstream(unnamed), headers: keepsThePort },
      ],
      started,
    );

    /** A JSON post from the site's own page, as its script sends one: the browser says where from. */
    const postFromThePage = async (port: number) => {
      const context = await browser.newContext({ baseURL: site(port) });
      const page = await context.newPage();
      const home = await page.goto('/');
      expect(home?.status()).toBe(200);
      const body = JSON.stringify({ name: `Posted via ${String(port)}`, phone: '020 7946 0780', service_type: 'other', ...(await pageFormToken(context.request)) });
      const status = await page.evaluate(async (sent) => (await fetch('/api/quote-requests', { method: 'POST', headers: { 'content-type': 'application/json' }, body: sent })).status, body);
      await context.close();
      return status;
    };

    await test.step('with SITE_URL, the page, a JSON post and a form post without JavaScript all pass', async () => {
      expect(await postFromThePage(ports.withSiteUrl)).toBe(201);
      const plain = await browser.newContext({ baseURL: site(ports.withSiteUrl), javaScriptEnabled: false });
      const page = await plain.newPage();
      await page.goto('/');
      const form = quoteForm(page);
      await form.getByLabel('Full name').fill('Ada Behind Nginx');
      await form.getByLabel('Phone number').fill('020 7946 0781');
      await form.getByLabel('Service type').selectOption('other');
      const [posted] = await Promise.all([page.waitForResponse((candidate) => candidate.request().method() === 'POST'), form.getByRole('button', { name: 'Get Free Quote' }).click()]);
      expect(posted.status()).toBe(303);
      await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');
      await plain.close();
      expect(named.errors()).not.toContain('Refused posts');
    });

    await test.step('without SITE_URL, posts are refused, and the server says once how to set nginx up', async () => {
      expect(await postFromThePage(ports.withoutSiteUrl)).toBe(403);
      expect(await postFromThePage(ports.withoutSiteUrl)).toBe(403);
      const told = unnamed.errors().split('\n').filter((line) => line.includes('Refused posts'));
      expect(told).toEqual([
        `Refused posts from ${site(ports.withoutSiteUrl)} as cross-site: this server took itself to be http://localhost. The proxy forwards the host without its port: with nginx use \`proxy_set_header Host $http_host;\` and \`proxy_set_header X-Forwarded-Host $http_host;\` rather than \`$host\`, or set SITE_URL to ${site(ports.withoutSiteUrl)}.`,
      ]);
    });

    await test.step('with `$http_host`, the same server takes them', async () => {
      expect(await postFromThePage(ports.fixed)).toBe(201);
    });
  } finally {
    await stopAll(started);
    rmSync(folder, { recursive: true, force: true });
  }
});
