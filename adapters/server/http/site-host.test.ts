import { expect, onTestFinished, test } from 'vitest';
import { requestWithHost, startTestServer, type TestServer } from '../test-server.test-support';

const siteUrl = 'https://www.se1plumbing.example';

async function serverFor(options: Parameters<typeof startTestServer>[1] = {}): Promise<TestServer> {
  const server = await startTestServer('sqlite', { siteUrl, ...options });
  onTestFinished(() => server.stop());
  return server;
}

test('with SITE_URL set, a request for any other host is refused with 421 and the security headers', async () => {
  const server = await serverFor();
  for (const host of ['evil.example', 'evil.example:80', 'www.se1plumbing.example.evil.example', '127.0.0.1', 'localhost:3000']) {
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/api/quote-requests'],
      ['POST', '/api/session'],
    ] as const) {
      const response = await requestWithHost(server.url, host, { method, path, headers: { cookie: server.staffCookie }, body: method === 'POST' ? '{}' : undefined });
      expect(response.status, `${method} ${path} for ${host}`).toBe(421);
      expect(response.body).toBe('This server answers for www.se1plumbing.example only.\n');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  }
});

test("the site's own host is served, in any case and with any port or a final dot", async () => {
  const server = await serverFor();
  for (const host of ['www.se1plumbing.example', 'WWW.SE1Plumbing.example:3000', 'www.se1plumbing.example.']) {
    const response = await requestWithHost(server.url, host, { path: '/api/quote-requests', headers: { cookie: server.staffCookie } });
    expect(response.status, host).toBe(200);
  }
});

test('health checks answer for any host, as load balancers ask by address', async () => {
  const server = await serverFor();
  for (const path of ['/healthz', '/readyz']) {
    expect((await requestWithHost(server.url, '127.0.0.1', { path })).status).toBe(200);
    expect((await fetch(`${server.url}${path}`)).status).toBe(200);
  }
});

test("behind our proxy, the host it was asked for (X-Forwarded-Host) is what must be the site's", async () => {
  const server = await serverFor({ trustProxy: true });
  const through = (forwardedHost: string) =>
    requestWithHost(server.url, '10.0.0.5:3000', { path: '/api/quote-requests', headers: { cookie: server.staffCookie, 'x-forwarded-host': forwardedHost } });
  expect((await through('www.se1plumbing.example')).status).toBe(200);
  expect((await through('evil.example')).status).toBe(421);
});

test('without SITE_URL, every host is answered', async () => {
  const server = await startTestServer('sqlite');
  onTestFinished(() => server.stop());
  expect((await requestWithHost(server.url, 'anything.example', { path: '/api/session' })).status).toBe(200);
});
