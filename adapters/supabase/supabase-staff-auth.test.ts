import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { anonKey } from './fake-supabase-project.test-support';
import { memberAccount, mockSupabase, staffAccount } from './mock-supabase.test-support';
import { SupabaseStaffAuth } from './supabase-staff-auth';

const { server, supabaseProject } = mockSupabase();

const credentials = { email: staffAccount.email, password: staffAccount.password };
const sent = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

async function staffAuth() {
  const project = await supabaseProject();
  return { project, auth: new SupabaseStaffAuth({ client: project.connect() }) };
}

test('nobody is signed in on a fresh device, and finding that out asks nothing of the project', async () => {
  const { project, auth } = await staffAuth();

  expect(await auth.currentStaff()).toBeNull();
  expect(project.state.seen).toEqual([]);
});

test('staff sign in with email and password; the session is kept in local storage for the next visit', async () => {
  const { project, auth } = await staffAuth();

  expect(await auth.signIn({ ...credentials, email: ' Office@SE1Plumbing.example ' })).toEqual({
    ok: true,
    staff: { email: staffAccount.email },
  });

  const [token, staffRow] = project.state.seen;
  expect(sent(token ?? { method: '', path: '' })).toBe('POST /auth/v1/token?grant_type=password');
  expect(JSON.parse(token?.body ?? '')).toMatchObject(credentials);
  const userId = project.state.users.find(({ email }) => email === staffAccount.email)?.id;
  expect(sent(staffRow ?? { method: '', path: '' })).toBe(`GET /rest/v1/staff?select=user_id&user_id=eq.${userId}`);
  expect(project.storedSession()).toMatchObject({ user: { email: staffAccount.email } });
  expect(typeof project.storedSession()?.refresh_token).toBe('string');

  // The next page load finds the session where the last one left it, and the auth server vouches for it.
  const reloaded = new SupabaseStaffAuth({ client: project.connect() });
  expect(await reloaded.currentStaff()).toEqual({ email: staffAccount.email });
  expect(project.state.seen.map(sent)).toContain('GET /auth/v1/user');
});

test('a wrong password is invalid-credentials, and nothing is stored', async () => {
  const { project, auth } = await staffAuth();

  expect(await auth.signIn({ ...credentials, password: 'not the password' })).toEqual({
    ok: false,
    error: { kind: 'invalid-credentials' },
  });
  expect(project.storedSession()).toBeUndefined();
});

test('an email that is not one is invalid-credentials without asking the project', async () => {
  const { project, auth } = await staffAuth();

  expect(await auth.signIn({ email: 'office', password: 'whatever' })).toEqual({ ok: false, error: { kind: 'invalid-credentials' } });
  expect(project.state.seen).toEqual([]);
});

test('someone with an account who is not staff is told invalid-credentials, and signed out again', async () => {
  const { project, auth } = await staffAuth();

  expect(await auth.signIn({ email: memberAccount.email, password: memberAccount.password })).toEqual({
    ok: false,
    error: { kind: 'invalid-credentials' },
  });
  expect(project.storedSession()).toBeUndefined();
  expect(project.state.seen.map(sent)).toContain('POST /auth/v1/logout?scope=local');
  expect([...project.state.sessions.values()].every(({ revoked }) => revoked)).toBe(true);
  expect(await auth.currentStaff()).toBeNull();
});

test('a member already signed in on this device is not staff', async () => {
  const { project, auth } = await staffAuth();
  project.storeSession(memberAccount.email);

  expect(await auth.currentStaff()).toBeNull();
});

test.for([
  {
    answer: '429 with Retry-After',
    respond: () =>
      HttpResponse.json(
        { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
        { status: 429, headers: { 'retry-after': '120', 'x-supabase-api-version': '2024-01-01' } },
      ),
    error: { kind: 'rate-limited', retryAfterSeconds: 120 },
  },
  {
    answer: '429 without Retry-After',
    respond: () => HttpResponse.json({ code: 'over_request_rate_limit', message: 'Request rate limit reached' }, { status: 429 }),
    error: { kind: 'rate-limited', retryAfterSeconds: 60 },
  },
  {
    answer: '400 email_not_confirmed',
    respond: () =>
      HttpResponse.json({ code: 'email_not_confirmed', message: 'Email not confirmed' }, { status: 400, headers: { 'x-supabase-api-version': '2024-01-01' } }),
    error: { kind: 'invalid-credentials' },
  },
  { answer: '500', respond: () => HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 }), error: { kind: 'unavailable' } },
  { answer: '503 with HTML', respond: () => HttpResponse.html('<h1>Down</h1>', { status: 503 }), error: { kind: 'unavailable' } },
  { answer: 'a network error', respond: () => HttpResponse.error(), error: { kind: 'unavailable' } },
])('a sign-in answered $answer is $error.kind', async ({ respond, error }) => {
  const { project, auth } = await staffAuth();
  server.use(http.post(`${project.url}/auth/v1/token`, respond));

  expect(await auth.signIn(credentials)).toEqual({ ok: false, error });
  expect(project.storedSession()).toBeUndefined();
});

test('a staff list that cannot be read after signing in is unavailable, and the session is not kept', async () => {
  const { project, auth } = await staffAuth();
  server.use(http.get(project.rest('staff'), () => HttpResponse.json({ code: 'XX000', message: 'down' }, { status: 500 })));

  expect(await auth.signIn(credentials)).toEqual({ ok: false, error: { kind: 'unavailable' } });
  expect(project.storedSession()).toBeUndefined();
});

test('signing out forgets the stored session and revokes it on the server', async () => {
  const { project, auth } = await staffAuth();
  await auth.signIn(credentials);
  const refreshToken = project.storedSession()?.refresh_token;

  await auth.signOut();

  expect(project.storedSession()).toBeUndefined();
  expect(project.state.seen.map(sent)).toContain('POST /auth/v1/logout?scope=local');
  expect(await auth.currentStaff()).toBeNull();
  expect(await new SupabaseStaffAuth({ client: project.connect() }).currentStaff()).toBeNull();
  // The refresh token the device held opens nothing any more.
  const refreshed = await fetch(`${project.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  expect(refreshed.status).toBe(400);
});

test('signing out when the auth server cannot be told still signs this device out, and says so', async () => {
  const { project, auth } = await staffAuth();
  await auth.signIn(credentials);
  server.use(http.post(`${project.url}/auth/v1/logout`, () => HttpResponse.error()));

  await expect(auth.signOut()).rejects.toThrow(/^Signing out failed: Supabase Auth could not be reached/);
  expect(project.storedSession()).toBeUndefined();
  expect(await auth.currentStaff()).toBeNull();
});

test('a session ended elsewhere (signed out everywhere from another device) counts as nobody', async () => {
  const { project, auth } = await staffAuth();
  project.storeSession(staffAccount.email);
  for (const session of project.state.sessions.values()) session.revoked = true;

  expect(await auth.currentStaff()).toBeNull();
});

test('an auth server that cannot say who is signed in makes currentStaff reject rather than guess', async () => {
  const { project, auth } = await staffAuth();
  project.storeSession(staffAccount.email);
  server.use(http.get(`${project.url}/auth/v1/user`, () => HttpResponse.json({ message: 'upstream down' }, { status: 503 })));

  await expect(auth.currentStaff()).rejects.toThrow(/^Finding who is signed in failed: Supabase Auth could not be reached or failed \(503\)/);
});
