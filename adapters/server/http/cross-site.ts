import type { Context, MiddlewareHandler } from 'hono';
import type { WireError } from '../../http-api/wire';
import { type ProxyTrust, requestOrigin } from './request-origin';

// Every other method (POST, PUT, PATCH, DELETE, and any made-up one) may change something.
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const refusal = {
  error: 'cross-site-request',
  message: 'This request came from another site, so it was refused. Please use the form on our own site.',
} satisfies WireError;

/**
 * Refuses cross-site request forgery: another site making a visitor's browser send us a request that
 * changes something, with the visitor's cookies. Whatever its content type: hono/csrf looks only at form
 * types, but a JSON body posted as text/plain is a form post too, and a session cookie makes any
 * request dangerous.
 */
export function refuseCrossSiteRequests(trust: ProxyTrust): MiddlewareHandler {
  return async (c, next) => {
    if (!safeMethods.has(c.req.method) && comesFromElsewhere(c, trust)) return c.json(refusal, 403);
    await next();
  };
}

/**
 * Browsers say where a request comes from in `Origin` (on every cross-origin POST; `null` from sandboxes
 * and some redirects) or, failing that, `Sec-Fetch-Site`. With neither, it is not from a browser (curl,
 * another server), carries no visitor's cookies, and could have been sent by its author anyway.
 */
function comesFromElsewhere(c: Context, trust: ProxyTrust): boolean {
  const origin = c.req.header('origin');
  const fetchSite = c.req.header('sec-fetch-site');
  // A page that sends no referrer (a customer's private link) has its own forms posted with `Origin:
  // null`; the browser's Sec-Fetch-Site still says whether they came from this site. Without it, null
  // is refused, as a sandbox's is.
  if (origin === 'null') return fetchSite !== 'same-origin';
  if (origin !== undefined) return origin !== requestOrigin(c, trust).origin;
  // `same-site` is a sibling subdomain: another application, not this one.
  return fetchSite === 'cross-site' || fetchSite === 'same-site';
}
