/**
 * Test-only: the state of a fake Supabase project (supabase-api.test-support.ts answers over it):
 * its accounts, sessions and tokens as Supabase Auth issues them, its database (a scratch PostgreSQL
 * database with our migrations), the emails its function sent, and what it was asked. Only tests import it.
 */
import type { AlertMessage } from '../../domain/alerts/alert-message';
import type { OutgoingEmail } from '../email/outgoing-email';
import type { SupabaseScratchDatabase } from './supabase-scratch-database.test-support';
import type { FakeStorage } from './storage-on-scratch-database.test-support';

export const anonKey = 'test-anon-key';

/** The project's secret service key, which the edge function holds and the browser never does. */
export const serviceKey = 'test-service-role-key';

/** The VAPID public key the fake project's alert function gives browsers to subscribe with. */
export const vapidPublicKey = 'BTestVapidPublicKeyOfTheFakeProject';

/** How long the fake's access tokens last, as a project's default JWT expiry. */
const tokenSeconds = 3600;

export interface Account {
  email: string;
  password: string;
  staff: boolean;
}

export interface User extends Account {
  id: string;
}

interface StoredSession {
  userId: string;
  revoked: boolean;
}

/** What each request the project answered looked like. */
interface SeenRequest {
  method: string;
  /** Path and query, e.g. /rest/v1/quote_requests?select=*&order=created_at.desc. */
  path: string;
  headers: Headers;
  body: string;
}

export interface FakeSupabaseState {
  url: string;
  /** The clock of inserts: the fake sets each inserted row's created_at from it. */
  now: () => Date;
  users: User[];
  /** The project's PostgreSQL, with our migrations; PostgREST's calls run on it. */
  database: SupabaseScratchDatabase;
  sessions: Map<string, StoredSession>;
  accessTokens: Map<string, { sessionId: string; expiresAt: number }>;
  refreshTokens: Map<string, { sessionId: string; used: boolean }>;
  seen: SeenRequest[];
  /** Bodies the notification function received. */
  notifications: unknown[];
  /** The emails the function sent. */
  emails: OutgoingEmail[];
  /** Makes the function's mail server refuse every email while true. */
  mailDown: boolean;
  /** Bodies the alert function received at its first route (a request just stored). */
  alertCalls: unknown[];
  /** What the alert function pushed, to which endpoint, as the device would decrypt it. */
  pushes: { endpoint: string; message: AlertMessage }[];
  /** Supabase Storage: the files, its signed links, whether it is down. */
  storage: FakeStorage;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Issues a session as Supabase Auth does, with a JWT-shaped access token expiring in `expiresIn` seconds. */
export function issueSession(state: FakeSupabaseState, user: User, expiresIn = tokenSeconds) {
  const sessionId = crypto.randomUUID();
  state.sessions.set(sessionId, { userId: user.id, revoked: false });
  return sessionTokens(state, user, sessionId, expiresIn);
}

export function sessionTokens(state: FakeSupabaseState, user: User, sessionId: string, expiresIn = tokenSeconds) {
  const expiresAt = Math.floor(Date.now() / 1000) + expiresIn;
  const claims = { sub: user.id, email: user.email, role: 'authenticated', aud: 'authenticated', exp: expiresAt, session_id: sessionId };
  const accessToken = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.${crypto.randomUUID()}`;
  const refreshToken = crypto.randomUUID().replaceAll('-', '').slice(0, 12);
  state.accessTokens.set(accessToken, { sessionId, expiresAt: expiresAt * 1000 });
  state.refreshTokens.set(refreshToken, { sessionId, used: false });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

export const userJson = (user: User) => ({
  id: user.id,
  aud: 'authenticated',
  role: 'authenticated',
  email: user.email,
  app_metadata: { provider: 'email', providers: ['email'] },
  user_metadata: {},
  identities: [],
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
  is_anonymous: false,
});

/** Who a bearer token belongs to, or the error PostgREST or Auth gives for it. */
export function tokenOwner(state: FakeSupabaseState, request: Request): { user: User | null } | { refused: 'expired' | 'invalid' } {
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (token === undefined || token === anonKey) return { user: null };
  const access = state.accessTokens.get(token);
  if (access === undefined) return { refused: 'invalid' };
  if (access.expiresAt <= Date.now()) return { refused: 'expired' };
  const session = state.sessions.get(access.sessionId);
  const user = state.users.find(({ id }) => id === session?.userId);
  return session === undefined || session.revoked || user === undefined ? { refused: 'invalid' } : { user };
}
