import * as v from 'valibot';
import { serveFunction } from '../_shared/serve.ts';
import { parseStoreConfig } from '../_shared/postgrest.ts';
import { type CustomerLinkDeps, handleCustomerLink, RateLimiter } from './handler.ts';
import { postgrestLinkStore } from './link-store.ts';
import { alertsNotSetUp, pushMessageAlert } from './message-alert.ts';
import { postgrestAlertStore } from '../_shared/alert-store.ts';
import { vapidFrom, vapidSecrets } from '../_shared/vapid.ts';
import { WebPushSender } from '../../../../push/web-push-sender.ts';
import { allowLoopbackPushForTests, publicPushFetch } from '../_shared/public-push-fetch.ts';

const required = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'] as const;

const LimitSchema = v.pipe(v.string(), v.regex(/^\d+$/, 'CUSTOMER_LINK_RATE_LIMIT must be a whole number'), v.transform(Number), v.minValue(1));

/** Calls one client address may make a minute, unless CUSTOMER_LINK_RATE_LIMIT says otherwise. */
const defaultRateLimit = 30;

/** The function's set-up, read once at boot: without it every call is answered 500, saying what to set. */
function setup(): CustomerLinkDeps | { ok: false; problem: string } {
  const project = parseStoreConfig(Object.fromEntries(required.map((name) => [name, Deno.env.get(name)])));
  if (project === undefined) return { ok: false, problem: `set the secrets ${required.join(', ')}` };
  const limit = v.safeParse(LimitSchema, Deno.env.get('CUSTOMER_LINK_RATE_LIMIT') ?? String(defaultRateLimit));
  if (!limit.success) return { ok: false, problem: limit.issues[0].message };
  const now = () => new Date();
  // The same secrets as send-quote-alert's; without them a message alerts nobody and says so in the log.
  const keys = vapidFrom(Object.fromEntries(vapidSecrets.map((name) => [name, Deno.env.get(name)])));
  return {
    links: postgrestLinkStore(project),
    alert: keys.ok ? pushMessageAlert({ store: postgrestAlertStore(project), sender: new WebPushSender(keys.vapid, { fetch: publicPushFetch({ allowLoopback: allowLoopbackPushForTests() }) }), now }) : alertsNotSetUp(keys.problem),
    // The store's errors name the call and the status, never the token nor the customer.
    logger: { error: (message, cause) => console.error(`${message}: ${cause instanceof Error ? cause.message : 'unknown error'}`) },
    now,
    limiter: new RateLimiter({ limit: limit.output }),
  };
}

const deps = setup();
serveFunction((request) => handleCustomerLink(request, deps));
