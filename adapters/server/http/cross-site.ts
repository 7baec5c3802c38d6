import type { Context, MiddlewareHandler } from 'hono';
import type { WireError } from '../../http-api/wire';
import { type ProxyTrust, requestOrigin } from './request-origin';

// Every other method (POST, PUT, PATCH, DELETE, and any made-up one) may change something.
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const refusal = {
  error: 'cross-site-request',
  message: 'This request came from another site, so it was refused. Please use the form on our own site.',
} satisfies WireError;

export interface CrossSiteOptions extends ProxyTrust {
  /**
   * The site's public address (SITE_URL). A page there is ours whatever the proxy forwarded: nginx's
   * `$host` drops the port, so a site on a port of its own would otherwise refuse its own posts.
   */
  siteUrl?: string;
  /** Where a refusal that looks like the proxy's set-up, not an attack, is told, once per kind. */
  warn?: (line: string) => void;
}

/**
 * Refuses cross-site request forgery: another site making a visitor's browser send us a request that
 * changes something, with the visitor's cookies. Whatever its content type: hono/csrf looks only at form
 * types, but a JSON body posted as text/plain is a form post too, and a session cookie makes any
 * request dangerous.
 */
export function refuseCrossSiteRequests(options: CrossSiteOptions): MiddlewareHandler {
  const site = options.siteUrl === undefined ? undefined : new URL(options.siteUrl).origin;
  const warn = options.warn ?? ((line: string) => console.warn(line));
  const told = new Set<string>();
  return async (c, next) => {
    if (!safeMethods.has(c.req.method) && comesFromElsewhere(c, options, site)) {
      const hint = proxyHint(c.req.header('origin'), requestOrigin(c, options).origin, options);
      if (hint !== undefined && !told.has(hint.kind)) {
        told.add(hint.kind);
        warn(hint.line);
      }
      return c.json(refusal, 403);
    }
    await next();
  };
}

/**
 * Browsers say where a request comes from in `Origin` (on every cross-origin POST; `null` from sandboxes
 * and some redirects) or, failing that, `Sec-Fetch-Site`. With neither, it is not from a browser (curl,
 * another server), carries no visitor's cookies, and could have been sent by its author anyway.
 */
function comesFromElsewhere(c: Context, trust: ProxyTrust, site: string | undefined): boolean {
  const origin = c.req.header('origin');
  const fetchSite = c.req.header('sec-fetch-site');
  // A page that sends no referrer (a customer's private link) has its own forms posted with `Origin:
  // null`; the browser's Sec-Fetch-Site still says whether they came from this site. Without it, null
  // is refused, as a sandbox's is.
  if (origin === 'null') return fetchSite !== 'same-origin';
  if (origin !== undefined) return origin !== site && origin !== requestOrigin(c, trust).origin;
  // `same-site` is a sibling subdomain: another application, not this one.
  return fetchSite === 'cross-site' || fetchSite === 'same-site';
}

/**
 * Our own site's page, seen through a proxy set up in a way that hides what the browser addressed,
 * differs from what we saw only in its scheme or its port: say how to set the proxy up, as every post
 * would be refused until then. Another host name is simply another site.
 */
function proxyHint(origin: string | undefined, seen: string, { trustProxy }: ProxyTrust): { kind: string; line: string } | undefined {
  if (origin === undefined || !URL.canParse(origin)) return undefined;
  const sent = new URL(origin);
  const ours = new URL(seen);
  if (sent.hostname !== ours.hostname) return undefined;
  const refused = `Refused posts from ${sent.origin} as cross-site: this server took itself to be ${ours.origin}.`;
  if (sent.protocol === 'https:' && ours.protocol === 'http:') {
    return trustProxy
      ? { kind: 'proto', line: `${refused} The proxy sends no X-Forwarded-Proto: with nginx add \`proxy_set_header X-Forwarded-Proto $scheme;\` (Caddy sends it).` }
      : { kind: 'trust', line: `${refused} Behind a proxy that ends HTTPS, set TRUST_PROXY=true.` };
  }
  if (sent.port !== '' && ours.port === '') {
    return {
      kind: 'port',
      line: `${refused} The proxy forwards the host without its port: with nginx use \`proxy_set_header Host $http_host;\` and \`proxy_set_header X-Forwarded-Host $http_host;\` rather than \`$host\`, or set SITE_URL to ${sent.origin}.`,
    };
  }
  return undefined;
}
