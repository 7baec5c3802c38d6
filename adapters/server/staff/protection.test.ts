import * as v from 'valibot';
import { expect, test } from 'vitest';
import { WireQuoteSchema, WireStoredQuoteSchema } from '../../http-api/wire';
import { inboxPage, startTestServer, testStaff, type TestServer } from '../test-server.test-support';

const valid = { name: 'Ada Lovelace', phone: '020 7946 0777', service_type: 'general' };

async function withServer(options: Parameters<typeof startTestServer>[1], run: (server: TestServer) => Promise<void>) {
  const server = await startTestServer('sqlite', options);
  try {
    await run(server);
  } finally {
    await server.stop();
  }
}

const stored = async (server: TestServer) => (await inboxPage(server)).quotes;

const postJson = (server: TestServer, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/quote-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

test('one client guessing a password is cut off with 429 and Retry-After, the right password included', async () => {
  await withServer({ limits: { signIn: 5 } }, async (server) => {
    const attempt = (password: string) =>
      fetch(`${server.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: testStaff.email, password }),
      });
    // Only failures count: the test server's own sign-in used none of the five.
    const statuses = [];
    for (let guess = 0; guess < 5; guess += 1) statuses.push((await attempt(`guess ${guess}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    const blocked = await attempt(testStaff.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.headers.get('set-cookie')).toBeNull();
  });
});

test('a client sending too many quote requests gets 429 with Retry-After, and nothing more is stored', async () => {
  await withServer({ limits: { submissions: 3 } }, async (server) => {
    for (let sent = 0; sent < 3; sent += 1) expect((await postJson(server, valid)).status).toBe(201);

    const json = await postJson(server, valid);
    expect(json.status).toBe(429);
    expect(Number(json.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await json.json()).toMatchObject({ error: 'rate-limited' });

    const form = await fetch(`${server.url}/api/quote-requests`, { method: 'POST', body: new URLSearchParams({ ...valid, name: 'Kept Name' }) });
    expect(form.status).toBe(429);
    expect(server.rendered.at(-1)?.state.form).toMatchObject({
      draft: { name: 'Kept Name' },
      error: { kind: 'rate-limited' },
    });
    expect(await stored(server)).toHaveLength(3);
  });
});

test('a post from another site is refused with 403 and changes nothing', async () => {
  await withServer({}, async (server) => {
    const kept = v.parse(WireQuoteSchema, await (await postJson(server, valid)).json());
    const evil = { origin: 'https://evil.example' };

    expect((await postJson(server, valid, evil)).status).toBe(403);
    const form = await fetch(`${server.url}/api/quote-requests`, { method: 'POST', headers: evil, body: new URLSearchParams(valid) });
    expect(form.status).toBe(403);
    const deletion = await fetch(`${server.url}/api/quote-requests/${kept.id}`, {
      method: 'DELETE',
      headers: { ...evil, cookie: server.staffCookie },
    });
    expect(deletion.status).toBe(403);
    const signOut = await fetch(`${server.url}/api/session`, { method: 'DELETE', headers: { 'sec-fetch-site': 'cross-site', cookie: server.staffCookie } });
    expect(signOut.status).toBe(403);
    // The inbox's changes too: a forged page must not move, annotate or resend with a staff cookie.
    for (const [action, body] of [
      ['activity', { kind: 'status-moved', from: 'new', to: 'contacted' }],
      ['activity', { kind: 'note', text: 'Forged' }],
      ['activity', { kind: 'spam-cleared' }],
      ['resend-email', {}],
    ] as const) {
      const forged = await fetch(`${server.url}/api/quote-requests/${kept.id}/${action}`, {
        method: 'POST',
        headers: { ...evil, cookie: server.staffCookie, 'content-type': 'text/plain' },
        body: JSON.stringify(body),
      });
      expect(forged.status, JSON.stringify(body)).toBe(403);
    }

    expect((await stored(server)).map((quote) => ({ id: quote.id, status: quote.status, activity: quote.activity }))).toEqual([
      { id: kept.id, status: 'new', activity: [] },
    ]);
    expect((await postJson(server, valid, { origin: server.url })).status).toBe(201);
  });
});

test('a bot that fills the honeypot is answered as a person is, and its request is kept in the Spam folder alone', async () => {
  await withServer({}, async (server) => {
    const json = await postJson(server, { ...valid, website: 'http://spam.example' });
    expect(json.status).toBe(201);
    expect(v.parse(WireStoredQuoteSchema, await json.json())).toMatchObject({ name: 'Ada Lovelace' });

    const form = await fetch(`${server.url}/api/quote-requests`, {
      method: 'POST',
      body: new URLSearchParams({ ...valid, website: 'cheap pills' }),
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toMatch(/^\/\?quote=submitted&link=[A-Za-z0-9_-]{43}$/);

    expect(await stored(server)).toEqual([]);
    expect((await inboxPage(server, { view: 'spam' })).quotes).toHaveLength(2);
    expect((await postJson(server, { ...valid, website: '' })).status).toBe(201);
    expect(await stored(server)).toHaveLength(1);
  });
});

test('staff can delete a request; without a session nobody can', async () => {
  await withServer({}, async (server) => {
    const quote = v.parse(WireQuoteSchema, await (await postJson(server, valid)).json());
    const remove = (cookie?: string) =>
      fetch(`${server.url}/api/quote-requests/${quote.id}`, { method: 'DELETE', ...(cookie ? { headers: { cookie } } : {}) });

    expect((await remove()).status).toBe(401);
    expect(await stored(server)).toHaveLength(1);
    expect((await remove(server.staffCookie)).status).toBe(204);
    expect((await remove(server.staffCookie)).status).toBe(404);
    expect(await stored(server)).toEqual([]);
  });
});

test('every answer carries the security headers: pages, the API, errors', async () => {
  await withServer({}, async (server) => {
    for (const path of ['/', '/quotes', '/no-such-page', '/api/quote-requests', '/api/nothing', '/healthz']) {
      const response = await fetch(`${server.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy'), path).toContain('camera=()');
      // Plain HTTP here: HSTS only over HTTPS.
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
  });
});
