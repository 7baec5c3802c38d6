import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { apiPaths } from '../http-api/wire';
import { mockApi } from './mock-api.test-support';
import { RestStaffAuth } from './rest-staff-auth';

const { server } = mockApi();

function staffAuthAt() {
  const baseUrl = `http://${crypto.randomUUID()}.test`;
  return { url: new URL(apiPaths.session, baseUrl).href, auth: new RestStaffAuth({ baseUrl }) };
}

test('who is signed in comes from the server, nobody included', async () => {
  const { url, auth } = staffAuthAt();
  server.use(http.get(url, () => HttpResponse.json({ staff: { email: 'staff@example.co.uk' } })));
  expect(await auth.currentStaff()).toEqual({ email: 'staff@example.co.uk' });

  server.use(http.get(url, () => HttpResponse.json({ staff: null })));
  expect(await auth.currentStaff()).toBeNull();
});

test('a server that cannot tell makes currentStaff reject rather than pretend nobody is signed in', async () => {
  const { url, auth } = staffAuthAt();
  server.use(http.get(url, () => HttpResponse.json({ error: 'storage-unavailable', message: 'Down' }, { status: 503 })));
  await expect(auth.currentStaff()).rejects.toThrow();
});

test('signing in sends the credentials and maps every answer to a domain result', async () => {
  const { url, auth } = staffAuthAt();
  let sent: unknown;
  server.use(
    http.post(url, async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ email: 'staff@example.co.uk' });
    }),
  );
  const credentials = { email: 'staff@example.co.uk', password: 'correct horse battery staple' };
  expect(await auth.signIn(credentials)).toEqual({ ok: true, staff: { email: 'staff@example.co.uk' } });
  expect(sent).toEqual(credentials);

  const answers = [
    [HttpResponse.json({ error: 'invalid-credentials', message: 'No' }, { status: 401 }), { kind: 'invalid-credentials' }],
    [
      HttpResponse.json({ error: 'rate-limited', message: 'Wait' }, { status: 429, headers: { 'Retry-After': '300' } }),
      { kind: 'rate-limited', retryAfterSeconds: 300 },
    ],
    [HttpResponse.json({ error: 'storage-unavailable', message: 'Down' }, { status: 503 }), { kind: 'unavailable' }],
    [HttpResponse.error(), { kind: 'unavailable' }],
  ] as const;
  for (const [response, error] of answers) {
    server.use(http.post(url, () => response.clone()));
    expect(await auth.signIn(credentials)).toEqual({ ok: false, error });
  }
});

test('signing out asks the server to end the session', async () => {
  const { url, auth } = staffAuthAt();
  let ended = false;
  server.use(
    http.delete(url, () => {
      ended = true;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  await auth.signOut();
  expect(ended).toBe(true);
});
