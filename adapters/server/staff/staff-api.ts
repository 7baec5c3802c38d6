import type { SignInError, StaffMember } from '../../../domain/staff/staff';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { SignInSchema } from '../../../domain/staff/staff';
import type { WireError } from '../../http-api/wire';
import type { RateLimitDecision } from '../http/rate-limit';
import { bodyLimits, limitBody } from '../http/body-limit';
import { readFormBody, readJsonBody } from '../http/request-body';
import { sessionOperations } from './session-operations';
import type { StaffSessions } from './staff-sessions';
import type { StaffEnv, StaffGate } from './staff-gate';

/**
 * The failed sign-ins a client may make, counted by client (its address) and email together, and by
 * client alone; never by email alone, which anyone could use up to lock its owner out (see
 * docs/decisions/013-sign-in-without-lockout.md).
 */
export interface SignInLimit {
  /** Counts an attempt before its password is checked, so attempts sent at once are all counted. */
  attempt: (client: string, email: string) => Promise<RateLimitDecision>;
  /** The attempt was right: it is not counted, and the client's failures on this email are forgotten. */
  succeeded: (client: string, email: string) => Promise<void>;
}

export interface StaffApiOptions {
  sessions: StaffSessions;
  signInLimit: SignInLimit;
  /** Who is signing in, to count their failures: the client's address, or its /64 network. */
  clientAddress: (c: Context) => string;
  /** Whether the request came over HTTPS: the cookie is then Secure, under the __Host- prefix. */
  isHttps: (c: Context) => boolean;
}

/** What a staff page answers a sign-in form sent without scripts with, when it is refused: the page with the form again. */
export type SignInPage = (signIn: { email: string; error: SignInError }, status: 400 | 401 | 429 | 503) => Promise<Response>;

/** The longest email a refused form keeps for its next try: an address is at most 254 characters. */
const keptEmailLength = 254;


const fail = (body: WireError, status: 400 | 401 | 429 | 503, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });

const unavailable = () =>
  fail({ error: 'storage-unavailable', message: 'Staff sessions cannot be checked right now' }, 503);

const notSignedIn = () => fail({ error: 'not-signed-in', message: 'Sign in as staff to see quote requests' }, 401);

/** The session cookie's name; with HTTPS the __Host- prefix pins it to this host, path / and Secure. */
const cookieName = (https: boolean) => (https ? '__Host-staff_session' : 'staff_session');

/** Staff sessions of our own: signing in with a password at `/api/session`, kept in a cookie. */
export function staffApi({ sessions, signInLimit, clientAddress, isHttps }: StaffApiOptions): StaffGate & { signInByForm: (c: Context, page: SignInPage) => Promise<Response> } {
  const tokenOf = (c: Context) => getCookie(c, cookieName(isHttps(c)));
  const setSessionCookie = (c: Context, token: string, expiresAt: Date) => {
    setCookie(c, cookieName(isHttps(c)), token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c),
      path: '/',
      expires: expiresAt,
    });
  };

  /** The session the request's cookie opens; 'unavailable' when the database cannot tell. */
  const sessionOf = async (c: Context) => {
    const token = tokenOf(c);
    if (token === undefined) return undefined;
    try {
      const session = await sessions.validate(token);
      return session && { ...session, token };
    } catch {
      return 'unavailable' as const;
    }
  };

  const requireStaff: MiddlewareHandler<StaffEnv> = async (c, next) => {
    const session = await sessionOf(c);
    if (session === 'unavailable') return unavailable();
    if (!session) return notSignedIn();
    setSessionCookie(c, session.token, session.expiresAt);
    c.set('staff', session.staff);
    await next();
  };

  const api = new Hono();

  // Nobody signed in is an answer, not an error: { staff: null }.
  api.get('/', sessionOperations.who, async (c) => {
    const session = await sessionOf(c);
    if (session === 'unavailable') return unavailable();
    return c.json({ staff: session ? session.staff : null });
  });

  /**
   * The sign-in form a staff page sends to its own address without scripts: the same checks and limits
   * as JSON at /api/session, answered with the page itself, signed in (303 to it, with the cookie), or
   * with the form again, the email kept and why not (`page`).
   */
  const signInByForm = async (c: Context, page: SignInPage) => {
    const { fields } = await readFormBody(c);
    const typed = { email: fields.email ?? '', password: fields.password ?? '' };
    const refuse = (error: SignInError, status: 400 | 401 | 429 | 503) => page({ email: typed.email.slice(0, keptEmailLength), error }, status);
    const credentials = v.safeParse(SignInSchema, typed, { abortPipeEarly: true });
    if (!credentials.success) return refuse({ kind: 'invalid-fields', message: credentials.issues.map((issue) => `${issue.message}.`).join(' ') }, 400);
    const { email, password } = credentials.output;
    const client = clientAddress(c);
    try {
      const limit = await signInLimit.attempt(client, email);
      if (!limit.allowed) {
        const response = await refuse({ kind: 'rate-limited', retryAfterSeconds: limit.retryAfterSeconds }, 429);
        response.headers.set('retry-after', String(limit.retryAfterSeconds));
        return response;
      }
      const session = await sessions.signIn(email, password);
      if (!session) return await refuse({ kind: 'invalid-credentials' }, 401);
      await signInLimit.succeeded(client, email);
      setSessionCookie(c, session.token, session.expiresAt);
    } catch {
      return refuse({ kind: 'unavailable' }, 503);
    }
    const address = new URL(c.req.url);
    return c.redirect(`${address.pathname}${address.search}`, 303);
  };

  api.post('/', sessionOperations.signIn, limitBody(bodyLimits.signIn), async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return fail(body.error, 400);
    const credentials = v.safeParse(SignInSchema, body.body, { abortPipeEarly: true });
    if (!credentials.success) {
      const fields = credentials.issues.map((issue) => {
        const key = issue.path?.[0]?.key;
        return { field: typeof key === 'string' ? key : 'email', message: issue.message };
      });
      return fail({ error: 'invalid-fields', message: 'Enter your email address and password', fields }, 400);
    }
    const { email, password } = credentials.output;
    const client = clientAddress(c);
    const limit = await signInLimit.attempt(client, email);
    if (!limit.allowed) {
      const seconds = String(limit.retryAfterSeconds);
      return fail(
        { error: 'rate-limited', message: `Too many failed sign-ins from this connection. Please try again in ${seconds} seconds.` },
        429,
        { 'retry-after': seconds },
      );
    }
    const session = await sessions.signIn(email, password);
    if (!session) {
      return fail({ error: 'invalid-credentials', message: 'That email and password do not match a staff account' }, 401);
    }
    await signInLimit.succeeded(client, email);
    setSessionCookie(c, session.token, session.expiresAt);
    return c.json(session.staff);
  });

  api.delete('/', sessionOperations.signOut, limitBody(bodyLimits.none), async (c) => {
    const token = tokenOf(c);
    if (token !== undefined) await sessions.signOut(token);
    deleteCookie(c, cookieName(isHttps(c)), { path: '/', secure: isHttps(c) });
    return c.body(null, 204);
  });

  /** Who the request's live staff session is; undefined, too, when the database cannot tell. */
  const staffOf = async (c: Context): Promise<StaffMember | undefined> => {
    const session = await sessionOf(c);
    return session === undefined || session === 'unavailable' ? undefined : session.staff;
  };

  return { api, requireStaff, staffOf, signInByForm };
}
