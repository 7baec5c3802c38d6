/**
 * Test-only: msw handlers that answer as a Supabase project does, over state kept in the test:
 * PostgREST (/rest/v1), Auth (/auth/v1) and the send-quote-notification function (/functions/v1).
 * The rules are those of adapters/supabase/supabase/migrations: anyone may insert a quote request
 * and nobody else may read it; staff (a row in public.staff) read and delete; each user reads only
 * their own staff row. Errors have the bodies the real services send. Only tests import it.
 */
import { http, type HttpHandler, HttpResponse } from 'msw';
import { serviceTypes } from '../../domain/service-type';
import { anonKey, type FakeSupabaseState, issueSession, sessionTokens, tokenOwner, type User, userJson } from './fake-supabase-project.test-support';

type Caller = { role: 'anon' } | { role: 'authenticated'; user: User };

const postgrestError = (status: number, code: string, message: string, details: string | null = null) =>
  HttpResponse.json({ code, details, hint: null, message }, { status });

/** PostgREST answers a privilege error 401 to the anonymous role and 403 to a signed-in one. */
const permissionDenied = (caller: Caller, what: string) =>
  postgrestError(caller.role === 'anon' ? 401 : 403, '42501', `permission denied for ${what}`);

const authError = (status: number, code: string, message: string) =>
  HttpResponse.json({ code, message }, { status, headers: { 'x-supabase-api-version': '2024-01-01' } });

/** PostgreSQL's text for a timestamptz in JSON: microseconds, offset +00:00. */
const timestamptz = (date: Date) => date.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');

const recordOf = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : undefined;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const insertableColumns = new Set(['id', 'name', 'email', 'phone', 'service_type', 'description', 'urgent']);

function checkViolation(row: Record<string, unknown>): string | undefined {
  const text = (value: unknown, min: number, max: number) =>
    value === null || value === undefined || (typeof value === 'string' && value.length >= min && value.length <= max);
  if (!text(row.name, 1, 100)) return 'quote_requests_name_length';
  if (!text(row.email, 1, 254)) return 'quote_requests_email_length';
  if (!text(row.phone, 1, 30)) return 'quote_requests_phone_length';
  if (!text(row.description, 1, 2000)) return 'quote_requests_description_length';
  if (!serviceTypes.some((type) => type === row.service_type)) return 'quote_requests_service_type';
  return undefined;
}

/** Every handler of a fake project at `state.url`; each test's project has an origin of its own. */
export function supabaseHandlers(state: FakeSupabaseState): HttpHandler[] {
  const at = (path: string) => `${state.url}${path}`;

  /** Who PostgREST runs the request as, or its refusal: no key, a bad or expired token. */
  const postgrestCaller = (request: Request): Caller | Response => {
    if (request.headers.get('apikey') !== anonKey) {
      return HttpResponse.json({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, { status: 401 });
    }
    const owner = tokenOwner(state, request);
    if ('refused' in owner) {
      return owner.refused === 'expired'
        ? postgrestError(401, 'PGRST303', 'JWT expired')
        : postgrestError(401, 'PGRST301', 'No suitable key or wrong key type');
    }
    return owner.user === null ? { role: 'anon' } : { role: 'authenticated', user: owner.user };
  };

  const isStaff = (caller: Caller) => caller.role === 'authenticated' && caller.user.staff;

  return [
    http.all(at('/*'), async ({ request }) => {
      const { pathname, search } = new URL(request.url);
      state.seen.push({ method: request.method, path: `${pathname}${search}`, headers: request.headers, body: await request.clone().text() });
      return undefined;
    }),

    http.post(at('/rest/v1/quote_requests'), async ({ request }) => {
      const caller = postgrestCaller(request);
      if (caller instanceof Response) return caller;
      const row = recordOf(await request.json());
      if (row === undefined) return postgrestError(400, 'PGRST102', 'Empty or invalid json');
      if (Object.keys(row).some((column) => !insertableColumns.has(column))) return permissionDenied(caller, 'table quote_requests');
      // Asking for the row back needs SELECT, which only signed-in users have.
      if ((request.headers.get('prefer') ?? '').includes('return=representation') && caller.role === 'anon') {
        return permissionDenied(caller, 'table quote_requests');
      }
      const missing = ['name', 'phone', 'service_type'].find((column) => row[column] === undefined || row[column] === null);
      if (missing !== undefined) {
        return postgrestError(400, '23502', `null value in column "${missing}" of relation "quote_requests" violates not-null constraint`);
      }
      const violated = checkViolation(row);
      if (violated !== undefined) {
        return postgrestError(400, '23514', `new row for relation "quote_requests" violates check constraint "${violated}"`, 'Failing row contains (...).');
      }
      const id = typeof row.id === 'string' ? row.id : crypto.randomUUID();
      if (state.rows.some((stored) => stored.id === id)) {
        return postgrestError(409, '23505', 'duplicate key value violates unique constraint "quote_requests_pkey"');
      }
      state.rows.push({
        id,
        created_at: timestamptz(state.now()),
        name: String(row.name),
        email: typeof row.email === 'string' ? row.email : null,
        phone: String(row.phone),
        service_type: String(row.service_type),
        description: typeof row.description === 'string' ? row.description : null,
        urgent: row.urgent === true,
      });
      return new HttpResponse(null, { status: 201 });
    }),

    http.get(at('/rest/v1/quote_requests'), ({ request }) => {
      const caller = postgrestCaller(request);
      if (caller instanceof Response) return caller;
      if (caller.role === 'anon') return permissionDenied(caller, 'table quote_requests');
      // Row-level security: a signed-in user who is not staff sees no rows, and no error.
      const visible = isStaff(caller) ? state.rows.map((row, order) => ({ row, order })) : [];
      if (new URL(request.url).searchParams.get('order') === 'created_at.desc') {
        visible.sort((a, b) => Date.parse(b.row.created_at) - Date.parse(a.row.created_at) || b.order - a.order);
      }
      return HttpResponse.json(visible.map(({ row }) => row));
    }),

    http.delete(at('/rest/v1/quote_requests'), ({ request }) => {
      const caller = postgrestCaller(request);
      if (caller instanceof Response) return caller;
      if (caller.role === 'anon') return permissionDenied(caller, 'table quote_requests');
      const filter = new URL(request.url).searchParams.get('id') ?? '';
      const id = filter.replace(/^eq\./, '');
      if (!uuid.test(id)) return postgrestError(400, '22P02', `invalid input syntax for type uuid: "${id}"`);
      const before = state.rows.length;
      if (isStaff(caller)) state.rows = state.rows.filter((row) => row.id !== id);
      const deleted = before - state.rows.length;
      const counted = (request.headers.get('prefer') ?? '').includes('count=exact');
      return new HttpResponse(null, { status: 204, headers: counted ? { 'content-range': `*/${deleted}` } : {} });
    }),

    http.get(at('/rest/v1/staff'), ({ request }) => {
      const caller = postgrestCaller(request);
      if (caller instanceof Response) return caller;
      if (caller.role === 'anon') return permissionDenied(caller, 'table staff');
      const wanted = new URL(request.url).searchParams.get('user_id')?.replace(/^eq\./, '');
      const own = caller.user.staff && (wanted === undefined || wanted === caller.user.id);
      return HttpResponse.json(own ? [{ user_id: caller.user.id }] : []);
    }),

    http.post(at('/functions/v1/send-quote-notification'), async ({ request }) => {
      state.notifications.push(await request.json());
      return HttpResponse.json({ sent: true });
    }),

    http.post(at('/auth/v1/token'), async ({ request }) => {
      if (request.headers.get('apikey') !== anonKey) return authError(401, 'no_authorization', 'Invalid API key');
      const grant = new URL(request.url).searchParams.get('grant_type');
      const body = recordOf(await request.json()) ?? {};
      if (grant === 'password') {
        const user = state.users.find(({ email, password }) => email === body.email && password === body.password);
        return user === undefined
          ? authError(400, 'invalid_credentials', 'Invalid login credentials')
          : HttpResponse.json(issueSession(state, user));
      }
      const refresh = state.refreshTokens.get(String(body.refresh_token));
      const session = refresh && state.sessions.get(refresh.sessionId);
      const user = session && state.users.find(({ id }) => id === session.userId);
      if (grant !== 'refresh_token' || refresh === undefined || refresh.used || session?.revoked !== false || user === undefined) {
        return authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      }
      refresh.used = true;
      return HttpResponse.json(sessionTokens(state, user, refresh.sessionId));
    }),

    http.get(at('/auth/v1/user'), ({ request }) => {
      const owner = tokenOwner(state, request);
      if ('refused' in owner) {
        return owner.refused === 'expired'
          ? authError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired')
          : authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      }
      return owner.user === null ? authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token') : HttpResponse.json(userJson(owner.user));
    }),

    http.post(at('/auth/v1/logout'), ({ request }) => {
      const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
      const access = state.accessTokens.get(token);
      const session = access && state.sessions.get(access.sessionId);
      if (session === undefined) return authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      const scope = new URL(request.url).searchParams.get('scope') ?? 'global';
      for (const [id, other] of state.sessions) {
        const current = id === access?.sessionId;
        const sameUser = other.userId === session.userId;
        if (scope === 'local' ? current : scope === 'others' ? sameUser && !current : sameUser) other.revoked = true;
      }
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
