import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import type { StaffMember } from '../../domain/staff/staff';
import { mswServer } from '../contracts/msw-server.test-support';
import { findAccessTokenEmail } from './supabase-access-token';
import { type AuthUser, authHandlers, deviceStorage, type FakeAuth, jwtSecret, pageClient, projectUrl } from './supabase-auth.test-support';
import { SupabaseStaffAuth } from './supabase-staff-auth';

const server = mswServer();

const staffUser: AuthUser = { id: '3f1c1d7e-0000-4000-8000-000000000001', email: 'office@se1plumbing.example', password: 'correct horse battery' };
const memberUser: AuthUser = { id: '3f1c1d7e-0000-4000-8000-000000000002', email: 'member@example.co.uk', password: 'another long password' };
const credentials = { email: staffUser.email, password: staffUser.password };

/**
 * A device's page over a fresh fake project: Supabase Auth at the HTTP boundary, and the API's answer
 * to "who is this token?" as the `api` function gives it (the token checked, the email on its staff list).
 */
function device({ apiDown = false } = {}) {
  const auth: FakeAuth = { users: [staffUser, memberUser], seen: [], sessions: new Map() };
  server.use(...authHandlers(auth));
  const storage = deviceStorage();
  const staffList = [staffUser.email];
  const open = (): SupabaseStaffAuth => {
    const staffAuth: SupabaseStaffAuth = new SupabaseStaffAuth({
      client: pageClient(storage),
      staffOf: async (): Promise<StaffMember | null> => {
        if (apiDown) throw new Error('The API could not be reached');
        const token = await staffAuth.accessToken();
        const email = token === null ? undefined : await findAccessTokenEmail(token, { kind: 'secret', secret: jwtSecret, issuer: `${projectUrl}/auth/v1` });
        return email !== undefined && staffList.includes(email) ? { email } : null;
      },
    });
    return staffAuth;
  };
  return { auth, storage, open };
}

test('nobody is signed in on a fresh device, and finding that out asks nothing of the project', async () => {
  const { auth, open } = device();
  expect(await open().currentStaff()).toBeNull();
  expect(auth.seen).toEqual([]);
});

test('staff sign in with email and password; the API knows them by the token, and the next page load finds the session', async () => {
  const { auth, storage, open } = device();
  const staffAuth = open();
  expect(await staffAuth.signIn({ ...credentials, email: ' Office@SE1Plumbing.example ' })).toEqual({ ok: true, staff: { email: staffUser.email } });
  expect(auth.seen).toEqual(['POST /auth/v1/token?grant_type=password']);
  expect(storage.keys()).toEqual(['sb-project-ref-auth-token']);
  expect(await findAccessTokenEmail((await staffAuth.accessToken()) ?? '', { kind: 'secret', secret: jwtSecret, issuer: `${projectUrl}/auth/v1` })).toBe(staffUser.email);

  // The next page load: the session from storage, vouched for by the auth server, named by the API.
  expect(await open().currentStaff()).toEqual({ email: staffUser.email });
  expect(auth.seen).toContain('GET /auth/v1/user');
});

test('a wrong password, or an address that is not one, is invalid-credentials and keeps nothing', async () => {
  const { auth, storage, open } = device();
  expect(await open().signIn({ ...credentials, password: 'not the password' })).toEqual({ ok: false, error: { kind: 'invalid-credentials' } });
  expect(await open().signIn({ email: 'office', password: 'whatever' })).toEqual({ ok: false, error: { kind: 'invalid-credentials' } });
  expect(auth.seen).toEqual(['POST /auth/v1/token?grant_type=password']);
  expect(storage.keys()).toEqual([]);
});

test('someone with an account who is not staff is told invalid-credentials, and signed out again', async () => {
  const { auth, storage, open } = device();
  expect(await open().signIn({ email: memberUser.email, password: memberUser.password })).toEqual({ ok: false, error: { kind: 'invalid-credentials' } });
  expect(storage.keys()).toEqual([]);
  expect(auth.seen).toContain('POST /auth/v1/logout?scope=local');
  expect(auth.sessions.size).toBe(0);
});

test('when the API cannot say who the token is, signing in is unavailable and the session is not kept', async () => {
  const { storage, open } = device({ apiDown: true });
  expect(await open().signIn(credentials)).toEqual({ ok: false, error: { kind: 'unavailable' } });
  expect(storage.keys()).toEqual([]);
});

test.for([
  {
    answer: '429 with Retry-After',
    respond: () => HttpResponse.json({ code: 'over_request_rate_limit', message: 'Request rate limit reached' }, { status: 429, headers: { 'retry-after': '120' } }),
    error: { kind: 'rate-limited', retryAfterSeconds: 120 },
  },
  {
    answer: '400 email_not_confirmed',
    respond: () => HttpResponse.json({ code: 'email_not_confirmed', message: 'Email not confirmed' }, { status: 400, headers: { 'x-supabase-api-version': '2024-01-01' } }),
    error: { kind: 'invalid-credentials' },
  },
  { answer: '500', respond: () => HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 }), error: { kind: 'unavailable' } },
  { answer: 'a network error', respond: () => HttpResponse.error(), error: { kind: 'unavailable' } },
])('a sign-in answered $answer is $error.kind', async ({ respond, error }) => {
  const { storage, open } = device();
  server.use(http.post(`${projectUrl}/auth/v1/token`, respond));
  expect(await open().signIn(credentials)).toEqual({ ok: false, error });
  expect(storage.keys()).toEqual([]);
});

test('signing out forgets the stored session and revokes it at Auth, even when Auth cannot be told', async () => {
  const { auth, storage, open } = device();
  const staffAuth = open();
  await staffAuth.signIn(credentials);
  await staffAuth.signOut();
  expect(storage.keys()).toEqual([]);
  expect(auth.seen).toContain('POST /auth/v1/logout?scope=local');
  expect(auth.sessions.size).toBe(0);
  expect(await open().currentStaff()).toBeNull();

  await staffAuth.signIn(credentials);
  server.use(http.post(`${projectUrl}/auth/v1/logout`, () => HttpResponse.error()));
  await expect(staffAuth.signOut()).rejects.toThrow(/^Signing out failed: Supabase Auth could not be reached/);
  expect(storage.keys()).toEqual([]);
});

test('a session ended elsewhere counts as nobody; an auth server that cannot tell makes currentStaff reject', async () => {
  const { auth, open } = device();
  await open().signIn(credentials);
  auth.sessions.clear();
  expect(await open().currentStaff()).toBeNull();

  await open().signIn(credentials);
  auth.failing = 503;
  await expect(open().currentStaff()).rejects.toThrow(/^Finding who is signed in failed: Supabase Auth could not be reached or failed \(503\)/);
});
