import { expect, test } from 'vitest';
import { toNamedFields } from '../../../domain/quote/quote';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { signInCookie, startTestServer, testStaff, type TestServer } from '../test-server.test-support';

const quoteList = (server: TestServer, cookie?: string) =>
  fetch(`${server.url}/api/quote-requests`, cookie === undefined ? {} : { headers: { cookie } });

const signIn = (server: TestServer, credentials: unknown) =>
  fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });

async function withServer(run: (server: TestServer, clock: { time: number }) => Promise<void>) {
  const clock = { time: Date.parse('2026-11-21T09:00:00Z') };
  const server = await startTestServer('sqlite', { now: () => new Date(clock.time) });
  try {
    await run(server, clock);
  } finally {
    await server.stop();
  }
}

test('without a session, or with a forged one, the list is 401 and shows nothing', async () => {
  await withServer(async (server) => {
    await fetch(`${server.url}/api/quote-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(toNamedFields(sampleQuote({ name: 'Secret Customer' }))),
    });

    for (const cookie of [undefined, 'staff_session=forged', `staff_session=${'A'.repeat(43)}`, server.staffCookie + 'x']) {
      const response = await quoteList(server, cookie);
      expect(response.status, String(cookie)).toBe(401);
      expect(await response.text()).not.toContain('Secret Customer');
    }
    expect((await quoteList(server, server.staffCookie)).status).toBe(200);
  });
});

test('a wrong password and an unknown email get the same 401, and no cookie', async () => {
  await withServer(async (server) => {
    const wrongPassword = await signIn(server, { email: testStaff.email, password: 'not the password' });
    const unknownEmail = await signIn(server, { email: 'nobody@example.co.uk', password: testStaff.password });

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.json()).toEqual({
        error: 'invalid-credentials',
        message: 'That email and password do not match a staff account',
      });
    }
  });
});

test('signing in sets an HttpOnly, SameSite session cookie whose token the database never holds', async () => {
  await withServer(async (server) => {
    const response = await signIn(server, { email: ` ${testStaff.email.toUpperCase()} `, password: testStaff.password });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: testStaff.email });
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^staff_session=[\w-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');

    const token = cookie.split(';')[0]?.split('=')[1] ?? '';
    const sessions = await server.db.selectFrom('staff_sessions').select('token_hash').execute();
    expect(sessions.some((session) => session.token_hash === token)).toBe(false);
    const accounts = await server.db.selectFrom('staff_accounts').select('password_hash').execute();
    expect(accounts.every((account) => account.password_hash.startsWith('$argon2id$'))).toBe(true);
  });
});

test('who is signed in is told at /api/session', async () => {
  await withServer(async (server) => {
    const signedIn = await fetch(`${server.url}/api/session`, { headers: { cookie: server.staffCookie } });
    expect(await signedIn.json()).toEqual({ staff: { email: testStaff.email } });
    const nobody = await fetch(`${server.url}/api/session`);
    expect(nobody.status).toBe(200);
    expect(await nobody.json()).toEqual({ staff: null });
  });
});

test('after signing out, the old cookie opens nothing', async () => {
  await withServer(async (server) => {
    const signOut = await fetch(`${server.url}/api/session`, { method: 'DELETE', headers: { cookie: server.staffCookie } });

    expect(signOut.status).toBe(204);
    expect(signOut.headers.get('set-cookie')).toMatch(/^staff_session=; /);
    expect((await quoteList(server, server.staffCookie)).status).toBe(401);
  });
});

test('a session expires after 12 idle hours, and use keeps it alive', async () => {
  await withServer(async (server, clock) => {
    const cookie = await signInCookie(server.url, testStaff);
    clock.time += 7 * 60 * 60 * 1000;
    expect((await quoteList(server, cookie)).status).toBe(200);
    clock.time += 11 * 60 * 60 * 1000;
    expect((await quoteList(server, cookie)).status).toBe(200);
    clock.time += 12 * 60 * 60 * 1000 + 1;
    expect((await quoteList(server, cookie)).status).toBe(401);
  });
});

test('visitors who do not sign in get no cookie at all', async () => {
  await withServer(async (server) => {
    const responses = [
      await fetch(`${server.url}/`),
      await fetch(`${server.url}/quotes`),
      await fetch(`${server.url}/api/quote-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(toNamedFields(sampleQuote())),
      }),
      await fetch(`${server.url}/api/session`),
    ];
    for (const response of responses) expect(response.headers.get('set-cookie')).toBeNull();
  });
});
