import * as v from 'valibot';
import type { InboxQuote } from '../../../../../domain/inbox/inbox-quote.ts';
import type { CustomerLinkStore, CustomerMessageAlert } from '../../../../../domain/ports/customer-link-store.ts';
import type { Logger } from '../../../../../domain/ports/logger.ts';
import { closeCustomerRequest, sendCustomerMessage, openCustomerLink } from '../../../../../domain/customer-link/customer-link-actions.ts';
import { customerLinkWire } from '../../../supabase-customer-link-wire.ts';

export interface CustomerLinkDeps {
  links: CustomerLinkStore;
  /** Whoever is on call, told of a message on an urgent request. */
  alert: CustomerMessageAlert;
  logger: Logger;
  now: () => Date;
  limiter: RateLimiter;
}

/** What supabase-js's functions.invoke sends, so the browser's preflight lets the POST through. */
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
} as const;

/** The customer link is nobody else's: never indexed, never cached, no referrer from it. */
const privateHeaders = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex', 'referrer-policy': 'no-referrer' } as const;

const json = (body: object, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...corsHeaders, ...privateHeaders, ...headers } });

/** One answer for every token that opens nothing (malformed, unknown, expired, deleted): it tells nothing. */
const notFound = () => json({ error: 'not-found', message: 'There is nothing here' }, 404);

/** A message at its longest, its token and JSON's quoting fit well within this. */
const bodyLimitBytes = 8 * 1024;

const BodySchema = v.object({ token: v.string(), message: v.optional(v.unknown()) });

/**
 * How often one client address may call, per minute: the tokens cannot be guessed (256 bits), so this
 * only keeps one client from flooding the request with messages or the database with look-ups. It is
 * kept in the function's memory: Supabase may run several copies and restart them, so it brakes a
 * flood rather than walls it off.
 */
export class RateLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #seen = new Map<string, number[]>();

  constructor({ limit, windowMs = 60_000 }: { limit: number; windowMs?: number }) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  /** Counts a call from `client` at `now`: false when it is over the limit. */
  allow(client: string, now: Date): boolean {
    const since = now.getTime() - this.#windowMs;
    const recent = (this.#seen.get(client) ?? []).filter((time) => time > since);
    const allowed = recent.length < this.#limit;
    if (allowed) recent.push(now.getTime());
    this.#seen.set(client, recent);
    // Old addresses are forgotten as they go quiet, so the map does not grow without end.
    if (this.#seen.size > 10_000) for (const [key, times] of this.#seen) if (times.every((time) => time <= since)) this.#seen.delete(key);
    return allowed;
  }
}

/** The client's address as Supabase's edge passes it on: the first of x-forwarded-for. */
const clientOf = (request: Request) => request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';

/** The route below the function's name: Supabase passes /customer-link/view, a local run /view. */
const routeOf = (url: string) => new URL(url).pathname.replace(/^(\/functions\/v1)?\/customer-link/, '').replace(/\/+$/, '');

async function readBody(request: Request): Promise<v.InferOutput<typeof BodySchema> | undefined> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') return undefined;
  const text = await request.text();
  if (new TextEncoder().encode(text).length > bodyLimitBytes) return undefined;
  try {
    const parsed = v.safeParse(BodySchema, JSON.parse(text));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The customer's private link (domain/customer-link/customer-link.ts) in Supabase mode: the token comes in the
 * POSTed body, never in the address, so it is in no log of the platform's nor ours.
 *   POST /view      { token }            → 200 the customer link, or 404
 *   POST /message   { token, message }   → 200 the page with the message added, 400 for a message the rules refuse, or 404
 *   POST /close     { token }            → 200 the page, closed as no longer needed, or 404
 * 429 when one client calls too often, 502 when the database cannot be reached.
 */
export async function handleCustomerLink(request: Request, deps: CustomerLinkDeps | { ok: false; problem: string }): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
  const route = routeOf(request.url);
  if (!['/view', '/message', '/close'].includes(route)) return notFound();
  if (request.method !== 'POST') return json({ error: 'method-not-allowed', message: 'Use POST' }, 405, { allow: 'POST, OPTIONS' });
  if ('ok' in deps) {
    console.error(`customer-link is not configured: ${deps.problem}`);
    return json({ error: 'not-configured', message: 'The customer\'s page is not set up' }, 500);
  }
  const now = deps.now();
  if (!deps.limiter.allow(clientOf(request), now)) return json({ error: 'rate-limited', message: 'Too many requests: try again in a minute' }, 429, { 'retry-after': '60' });
  const body = await readBody(request);
  if (body === undefined) return notFound();
  // The request as the store last answered it, for when it was closed (the link's life).
  let seen: InboxQuote | undefined;
  const links: CustomerLinkStore = {
    findByToken: async (token) => (seen = await deps.links.findByToken(token)),
    addCustomerMessage: async (token, text, at) => (seen = await deps.links.addCustomerMessage(token, text, at)),
    closeForCustomer: async (token, at) => (seen = await deps.links.closeForCustomer(token, at)),
  };
  const use = { ...deps, links };
  const result =
    route === '/view'
      ? await openCustomerLink(use, body.token, now)
      : route === '/message'
        ? await sendCustomerMessage(use, body.token, body.message, now)
        : await closeCustomerRequest(use, body.token, now);
  if (result.ok) return seen === undefined ? notFound() : json(customerLinkWire(seen, result.view));
  switch (result.error.kind) {
    case 'not-found':
      return notFound();
    case 'invalid-message':
      return json({ error: 'invalid-message', message: result.error.message }, 400);
    case 'storage-failure':
      return json({ error: 'database-failed', message: 'The request could not be reached: try again shortly' }, 502);
  }
}
