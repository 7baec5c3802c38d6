import * as v from 'valibot';
import { serveFunction } from '../_shared/serve.ts';
import { parseStoreConfig } from '../_shared/postgrest.ts';
import { type CustomerRequestDeps, handleCustomerRequest, RateLimiter } from './handler.ts';
import { postgrestLinkStore } from './link-store.ts';

const required = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'] as const;

const LimitSchema = v.pipe(v.string(), v.regex(/^\d+$/, 'CUSTOMER_LINK_RATE_LIMIT must be a whole number'), v.transform(Number), v.minValue(1));

/** Calls one client address may make a minute, unless CUSTOMER_LINK_RATE_LIMIT says otherwise. */
const defaultRateLimit = 30;

/** The function's set-up, read once at boot: without it every call is answered 500, saying what to set. */
function setup(): CustomerRequestDeps | { ok: false; problem: string } {
  const project = parseStoreConfig(Object.fromEntries(required.map((name) => [name, Deno.env.get(name)])));
  if (project === undefined) return { ok: false, problem: `set the secrets ${required.join(', ')}` };
  const limit = v.safeParse(LimitSchema, Deno.env.get('CUSTOMER_LINK_RATE_LIMIT') ?? String(defaultRateLimit));
  if (!limit.success) return { ok: false, problem: limit.issues[0].message };
  return {
    links: postgrestLinkStore(project),
    // No push from this function: an urgent request's message waits on its card (see README, Supabase mode).
    alert: { customerWrote: () => Promise.resolve() },
    // The store's errors name the call and the status, never the token nor the customer.
    logger: { error: (message, cause) => console.error(`${message}: ${cause instanceof Error ? cause.message : 'unknown error'}`) },
    now: () => new Date(),
    limiter: new RateLimiter({ limit: limit.output }),
  };
}

const deps = setup();
serveFunction((request) => handleCustomerRequest(request, deps));
