import type { Context } from 'hono';

/**
 * Whether a reverse proxy in front of us (one we run, that ends TLS) says who the visitor is and what
 * they addressed, in `X-Forwarded-*` headers. Without such a proxy any client can send those headers,
 * so they are believed only when this is true.
 */
export interface ProxyTrust {
  trustProxy: boolean;
}

/** What the visitor's browser addressed: the origin it sends back in `Origin`, and whether over TLS. */
export interface RequestOrigin {
  origin: string;
  https: boolean;
}

// A host name, an IPv4 address or a bracketed IPv6 address, with an optional port: nothing that would
// make the origin differ from what the browser sees (a path, credentials).
const hostPattern = /^(?:[a-z0-9._-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The first of a comma-separated list: the proxy nearest the visitor wrote it. */
const firstOf = (header: string | undefined) => header?.split(',')[0]?.trim() ?? '';

/** The scheme our proxy says the visitor used (X-Forwarded-Proto), if it names one we know. */
function forwardedScheme(header: string | undefined): 'https' | 'http' | undefined {
  const proto = firstOf(header).toLowerCase();
  return proto === 'https' || proto === 'http' ? proto : undefined;
}

/**
 * Behind a TLS-ending proxy our socket is plain HTTP from a private address, so the request URL alone
 * would make every visitor's `https://` origin look foreign and never ask for HSTS.
 */
export function requestOrigin(c: Context, { trustProxy }: ProxyTrust): RequestOrigin {
  const url = new URL(c.req.url);
  if (!trustProxy) return { origin: url.origin, https: url.protocol === 'https:' };

  const scheme = forwardedScheme(c.req.header('x-forwarded-proto')) ?? url.protocol.slice(0, -1);
  const forwardedHost = firstOf(c.req.header('x-forwarded-host'));
  const host = hostPattern.test(forwardedHost) ? forwardedHost : url.host;
  // Through URL, so the host is lower-cased and a default port dropped, as browsers write `Origin`.
  return { origin: new URL(`${scheme}://${host}`).origin, https: scheme === 'https' };
}
