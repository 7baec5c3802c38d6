import { describe, expect, test } from 'vitest';
import { fromWireFirstScreen } from '../../http-api/inbox-page-state';
import { fromWireReportReading, fromWireServiceDueReading } from '../../http-api/staff-page-state';
import { staffPagePaths } from '../../../domain/staff/staff-pages';
import { databases, startTestServer, storeQuote, testStaff, type TestServer } from '../test-server.test-support';

const open = (server: TestServer, address: string, cookie?: string) => fetch(`${server.url}${address}`, { headers: cookie === undefined ? {} : { cookie }, redirect: 'manual' });

const signInByForm = (server: TestServer, address: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${address}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  describe(`the staff pages on ${kind}`, () => {
    test('each, opened by its address, is drawn for who asks: the sign-in form to anyone, what it is for to staff', async () => {
      const server = await startTestServer(kind);
      try {
        await storeQuote(server, { name: 'Drawn Inbox' });
        for (const path of staffPagePaths) {
          server.rendered.length = 0;
          const signedOut = await open(server, path);
          expect(signedOut.status, path).toBe(200);
          // Nothing of anyone's in it: it may be kept, but asked again each time, and never shared across sessions.
          expect(signedOut.headers.get('cache-control')).toBe('private, no-cache');
          expect(signedOut.headers.get('vary')).toContain('Cookie');
          expect(server.rendered).toEqual([{ url: path, state: { staffPage: { staff: null } } }]);

          server.rendered.length = 0;
          const signedIn = await open(server, path, server.staffCookie);
          expect(signedIn.status, path).toBe(200);
          expect(signedIn.headers.get('cache-control')).toBe('no-store');
          const [drawn] = server.rendered;
          if (path === '/quotes') expect(fromWireFirstScreen(drawn?.state.inbox)?.page.quotes.map((quote) => quote.name)).toEqual(['Drawn Inbox']);
          else expect(drawn?.state.staffPage?.staff).toEqual({ email: testStaff.email });
        }

        server.rendered.length = 0;
        await open(server, '/quotes/report?period=last-90-days', server.staffCookie);
        const reading = server.rendered[0]?.state.staffPage?.reading;
        expect(fromWireReportReading(reading, 'last-90-days')?.total.requests).toBe(1);
        // A page that asks for another period reads its own.
        expect(fromWireReportReading(reading, 'this-month')).toBeUndefined();

        server.rendered.length = 0;
        await open(server, '/quotes/report?period=forever', server.staffCookie);
        expect(fromWireReportReading(server.rendered[0]?.state.staffPage?.reading, 'this-month')?.period).toBe('this-month');

        server.rendered.length = 0;
        await open(server, '/quotes/service-due', server.staffCookie);
        expect(fromWireServiceDueReading(server.rendered[0]?.state.staffPage?.reading)?.quotes).toEqual([]);

        // A forged session is nobody's.
        server.rendered.length = 0;
        await open(server, '/quotes/report?period=this-year', 'staff_session=forged');
        expect(server.rendered[0]?.state).toEqual({ staffPage: { staff: null } });
      } finally {
        await server.stop();
      }
    });

    test('the sign-in form is drawn once for each address asked lately; past those, only within the client\'s allowance of pages drawn for it', async () => {
      const server = await startTestServer(kind, { limits: { pagesDrawn: 3 } });
      try {
        for (let round = 0; round < 20; round += 1) expect((await open(server, '/quotes')).status).toBe(200);
        expect(server.rendered.map(({ url }) => url)).toEqual(['/quotes']);
        const statuses: number[] = [];
        for (let round = 0; round < 6; round += 1) statuses.push((await open(server, `/quotes?q=${String(round)}`)).status);
        // The first /quotes was one of the three.
        expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
        const refused = await open(server, '/quotes?q=again');
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        // Staff are drawn their pages whatever the allowance: it is for anyone's, not theirs.
        expect((await open(server, '/quotes?q=mine', server.staffCookie)).status).toBe(200);
      } finally {
        await server.stop();
      }
    });

    test('the sign-in form sent without scripts to its page signs in and opens it; refused, it comes back with the email and why', async () => {
      const server = await startTestServer(kind, { limits: { signIn: 2 } });
      try {
        const signedIn = await signInByForm(server, '/quotes/report?period=last-month', { email: testStaff.email, password: testStaff.password });
        expect(signedIn.status).toBe(303);
        expect(signedIn.headers.get('location')).toBe('/quotes/report?period=last-month');
        const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
        expect(cookie).toMatch(/^staff_session=/);
        server.rendered.length = 0;
        await open(server, '/quotes/report?period=last-month', cookie);
        expect(server.rendered[0]?.state.staffPage?.staff).toEqual({ email: testStaff.email });

        // Only a staff page takes one.
        expect((await signInByForm(server, '/privacy', { email: testStaff.email, password: testStaff.password })).status).toBe(404);

        server.rendered.length = 0;
        const missing = await signInByForm(server, '/quotes/settings', { email: '  ', password: '' });
        expect(missing.status).toBe(400);
        expect(server.rendered).toEqual([
          { url: '/quotes/settings', state: { staffPage: { staff: null, signIn: { email: '  ', error: { kind: 'invalid-fields', message: 'Enter your email address. Enter your password.' } } } } },
        ]);

        server.rendered.length = 0;
        const wrong = await signInByForm(server, '/quotes', { email: testStaff.email, password: 'not the password' });
        expect(wrong.status).toBe(401);
        expect(wrong.headers.get('set-cookie')).toBeNull();
        expect(server.rendered[0]?.state).toEqual({ staffPage: { staff: null, signIn: { email: testStaff.email, error: { kind: 'invalid-credentials' } } } });

        // The same limit as a sign-in with scripts: counted together.
        await signInByForm(server, '/quotes', { email: testStaff.email, password: 'wrong again' });
        server.rendered.length = 0;
        const limited = await signInByForm(server, '/quotes', { email: testStaff.email, password: testStaff.password });
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(server.rendered[0]?.state.staffPage?.signIn?.error).toMatchObject({ kind: 'rate-limited' });
        // A body bigger than a sign-in is refused before it is read.
        expect((await signInByForm(server, '/quotes', { email: testStaff.email, password: 'x'.repeat(8_000) })).status).toBe(413);
        const json = await fetch(`${server.url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(testStaff) });
        expect(json.status).toBe(429);
      } finally {
        await server.stop();
      }
    });

    test('a sign-in form posted from another site is refused before it is read', async () => {
      const server = await startTestServer(kind);
      try {
        const forged = await signInByForm(server, '/quotes', { email: testStaff.email, password: testStaff.password }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
        expect(forged.status).toBe(403);
        expect(forged.headers.get('set-cookie')).toBeNull();
      } finally {
        await server.stop();
      }
    });
  });
}
