/**
 * Test-only: msw handlers that answer as a Supabase project does: PostgREST (/rest/v1) running each
 * call's SQL for real on the project's scratch database (postgrest-on-scratch-database.test-support.ts),
 * Auth (/auth/v1) over the state kept in the test, and the send-quote-notification and
 * send-quote-alert and customer-link functions (/functions/v1), their real handlers with a recording mail server and a
 * recording push sender (a device whose endpoint ends in /gone answers as a push service does for a
 * subscription that is no more), and Storage (/storage/v1, storage-on-scratch-database.test-support.ts). Errors have the bodies the real
 * services send. Only tests import it.
 */
import { http, type HttpHandler, HttpResponse } from 'msw';
import type { OutgoingEmail } from '../email/outgoing-email';
import { defaultAlertPolicy } from '../../domain/alerts/alert-plan';
import { anonKey, type FakeSupabaseState, issueSession, serviceKey, sessionTokens, tokenOwner, userJson, vapidPublicKey } from './fake-supabase-project.test-support';
import { answerAsPostgrest, type ClaimsOf } from './postgrest-on-scratch-database.test-support';
import { storageHandlers } from './storage-on-scratch-database.test-support';
import { handleQuoteNotification } from './supabase/functions/send-quote-notification/handler';
import { postgrestQuoteStore } from './supabase/functions/send-quote-notification/quote-store';
import { postgrestAlertStore } from './supabase/functions/_shared/alert-store';
import { type AlertSetup, handleAlert } from './supabase/functions/send-quote-alert/handler';
import type { AlertingDeps } from './supabase/functions/send-quote-alert/alerting';
import { handleCustomerLink, RateLimiter } from './supabase/functions/customer-link/handler';
import { postgrestLinkStore } from './supabase/functions/customer-link/link-store';
import { pushMessageAlert } from './supabase/functions/customer-link/message-alert';

const postgrestError = (status: number, code: string, message: string) => HttpResponse.json({ code, details: null, hint: null, message }, { status });

const authError = (status: number, code: string, message: string) =>
  HttpResponse.json({ code, message }, { status, headers: { 'x-supabase-api-version': '2024-01-01' } });

const recordOf = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : undefined;

const internal = 'x-fake-function-call';

/** Who PostgREST runs a request as: the key decides anon or service_role, a user's token authenticated with its claims. */
function postgrestClaims(state: FakeSupabaseState): ClaimsOf {
  return (request) => {
    const apikey = request.headers.get('apikey');
    if (apikey !== anonKey && apikey !== serviceKey) {
      return HttpResponse.json({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, { status: 401 });
    }
    if (request.headers.get('authorization') === `Bearer ${serviceKey}`) return { role: 'service_role' };
    const owner = tokenOwner(state, request);
    if ('refused' in owner) {
      return owner.refused === 'expired'
        ? postgrestError(401, 'PGRST303', 'JWT expired')
        : postgrestError(401, 'PGRST301', 'No suitable key or wrong key type');
    }
    return owner.user === null ? { role: 'anon' } : { role: 'authenticated', sub: owner.user.id, email: owner.user.email };
  };
}

/** Every handler of a fake project at `state.url`; each test's project has an origin of its own. */
export function supabaseHandlers(state: FakeSupabaseState): HttpHandler[] {
  const at = (path: string) => `${state.url}${path}`;
  const claimsOf = postgrestClaims(state);
  const mailer = {
    send: (email: OutgoingEmail) => {
      if (state.mailDown) return Promise.reject(new Error('SMTP send failed: connection refused'));
      state.emails.push(email);
      return Promise.resolve();
    },
  };
  // The functions' own calls are marked, so `seen` holds only what the page asked.
  const internalFetch: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set(internal, '1');
    return fetch(input, { ...init, headers });
  };
  const store = postgrestQuoteStore({ url: state.url, anonKey, serviceKey }, internalFetch);
  const alertDeps: AlertingDeps = {
    store: postgrestAlertStore({ url: state.url, anonKey, serviceKey }, internalFetch),
    sender: {
      send: (target, message) => {
        if (target.endpoint.endsWith('/gone')) return Promise.resolve('gone');
        state.pushes.push({ endpoint: target.endpoint, message });
        return Promise.resolve('delivered');
      },
    },
    takeTokenSecret: 'fake-project-take-token-secret-of-32-characters-at-least',
    policy: defaultAlertPolicy,
    now: () => new Date(),
    newId: () => crypto.randomUUID(),
  };
  const alerts: AlertSetup = { ok: true, publicKey: vapidPublicKey, serviceKey, deps: alertDeps };

  return [
    http.all(at('/*'), async ({ request }) => {
      if (request.headers.has(internal)) return undefined;
      const { pathname, search } = new URL(request.url);
      state.seen.push({ method: request.method, path: `${pathname}${search}`, headers: request.headers, body: await request.clone().text() });
      return undefined;
    }),

    http.all(at('/rest/v1/*'), async ({ request }) => {
      const path = new URL(request.url).pathname.replace(/^\/rest\/v1\//, '');
      const posted = request.method === 'POST' ? recordOf(await request.clone().json().catch(() => undefined)) : undefined;
      const body = path === 'quote_requests' ? posted : path === 'rpc/send_quote_request' ? recordOf(posted?.request) : undefined;
      const response = await answerAsPostgrest(state.database, claimsOf, request, path);
      // The fake's clock stands in for the database's: a stored request is dated by the test.
      if (response.ok && typeof body?.id === 'string') {
        await state.database.owner.query('update public.quote_requests set created_at = $1 where id = $2', [state.now(), body.id]);
      }
      return response;
    }),

    ...storageHandlers(state.url, state.database, claimsOf, state.storage),

    http.post(at('/functions/v1/send-quote-notification'), async ({ request }) => {
      state.notifications.push(await request.clone().json());
      return handleQuoteNotification(request, {
        mail: { ok: true, to: 'office@se1plumbing.example', mailer },
        now: () => new Date(),
        newId: () => crypto.randomUUID(),
        store,
      });
    }),

    http.all(at('/functions/v1/send-quote-alert*'), async ({ request }) => {
      if (new URL(request.url).pathname === '/functions/v1/send-quote-alert' && request.method === 'POST') {
        state.alertCalls.push(await request.clone().json());
      }
      return handleAlert(request, alerts);
    }),

    http.all(at('/functions/v1/customer-link/*'), ({ request }) =>
      handleCustomerLink(request, {
        links: postgrestLinkStore({ url: state.url, anonKey, serviceKey }, internalFetch),
        alert: pushMessageAlert(alertDeps),
        logger: { error: () => undefined },
        now: () => new Date(),
        limiter: new RateLimiter({ limit: 1000 }),
      }),
    ),

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
