// Test-only: hosted Supabase Auth as msw answers it at the HTTP boundary (password grant, the user of
// a token, sign-out), over users and sessions the test holds, with tokens signed as the project signs them.
// As the project's gateway does, it refuses any request that does not carry the project's key.
import { sign } from 'hono/jwt';
import { http, HttpResponse } from 'msw';
import type { SupportedStorage } from '@supabase/auth-js';
import { createSupabaseAuthClient } from './supabase-client';

export const projectUrl = 'https://project-ref.supabase.co';
const anonKey = 'the-project-anon-key';
export const jwtSecret = 'the-project-jwt-secret-of-at-least-32-characters';

export interface AuthUser {
  id: string;
  email: string;
  password: string;
}

/** What the fake project holds and has been asked, for the test to read and change. */
export interface FakeAuth {
  users: AuthUser[];
  /** Every request it was sent, as `METHOD path?query`. */
  seen: string[];
  /** The access tokens still valid, by the user they were issued to. */
  sessions: Map<string, AuthUser>;
  /** Answers every request with this status while set: Auth down or failing. */
  failing?: number;
}

const authError = (status: number, code: string, message: string) => HttpResponse.json({ code, error_code: code, msg: message, message }, { status });

const userJson = (user: AuthUser) => ({
  id: user.id,
  aud: 'authenticated',
  role: 'authenticated',
  email: user.email,
  app_metadata: { provider: 'email', providers: ['email'] },
  user_metadata: {},
  created_at: '2026-01-05T09:00:00Z',
});

/** msw's handlers for the project's Auth, over `auth`. */
export function authHandlers(auth: FakeAuth) {
  const at = (path: string) => `${projectUrl}${path}`;
  // Notes the request, and gives the answer it gets before Auth looks at it, if any: the gateway's to
  // a request without the project's key, or a failing Auth's.
  const turnedAway = (request: Request) => {
    const url = new URL(request.url);
    auth.seen.push(`${request.method} ${url.pathname}${url.search}`);
    if (request.headers.get('apikey') !== anonKey) return HttpResponse.json({ message: 'No API key found in request' }, { status: 401 });
    return auth.failing === undefined ? undefined : authError(auth.failing, 'unexpected_failure', 'Auth is failing');
  };
  const ownerOf = (request: Request) => auth.sessions.get(/^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '');
  return [
    http.post(at('/auth/v1/token'), async ({ request }) => {
      const refused = turnedAway(request);
      if (refused) return refused;
      const body: unknown = await request.json();
      const asked = typeof body === 'object' && body !== null ? body : {};
      const user = auth.users.find(({ email, password }) => email === Reflect.get(asked, 'email') && password === Reflect.get(asked, 'password'));
      if (user === undefined) return authError(400, 'invalid_credentials', 'Invalid login credentials');
      const expiresAt = Math.floor(Date.now() / 1000) + 3600;
      const accessToken = await sign({ sub: user.id, email: user.email, role: 'authenticated', aud: 'authenticated', iss: `${projectUrl}/auth/v1`, exp: expiresAt }, jwtSecret, 'HS256');
      auth.sessions.set(accessToken, user);
      return HttpResponse.json({ access_token: accessToken, token_type: 'bearer', expires_in: 3600, expires_at: expiresAt, refresh_token: crypto.randomUUID(), user: userJson(user) });
    }),
    http.get(at('/auth/v1/user'), ({ request }) => {
      const refused = turnedAway(request);
      if (refused) return refused;
      const user = ownerOf(request);
      return user === undefined ? authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist') : HttpResponse.json(userJson(user));
    }),
    http.post(at('/auth/v1/logout'), ({ request }) => {
      const refused = turnedAway(request);
      if (refused) return refused;
      auth.sessions.delete(/^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '');
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

/** A browser's local storage, in memory: what survives a page load on one device. */
export function deviceStorage(): SupportedStorage & { keys: () => string[] } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    keys: () => [...items.keys()],
  };
}

/** The page's client of the fake project, keeping its session in `storage`. */
export const pageClient = (storage: SupportedStorage) => createSupabaseAuthClient({ url: projectUrl, anonKey, storage });
