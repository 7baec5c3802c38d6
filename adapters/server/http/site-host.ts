import type { MiddlewareHandler } from 'hono';
import { type ProxyTrust, requestOrigin } from './request-origin';

/** Load balancers and uptime checks ask for these by the machine's address, not the site's name. */
const probes = new Set(['/healthz', '/readyz']);

/** A host name as compared: lower-cased, without the trailing dot of a fully qualified name. */
const hostnameOf = (host: string) => host.toLowerCase().replace(/\.$/, '');

/**
 * Answers only requests addressed to the site (SITE_URL's host name). A page on another name that
 * resolves to us (DNS rebinding, a stranger's domain pointed at our address) would otherwise be
 * same-origin with nothing of ours, yet reach our API with its own name; and a name we never chose
 * would serve our pages to search engines. The port is not compared: a proxy on 443 may forward to
 * a server on 3000.
 */
export function refuseOtherHosts({ siteUrl, trustProxy }: ProxyTrust & { siteUrl: string }): MiddlewareHandler {
  const site = hostnameOf(new URL(siteUrl).hostname);
  return async (c, next) => {
    if (probes.has(c.req.path)) {
      await next();
      return;
    }
    const asked = hostnameOf(new URL(requestOrigin(c, { trustProxy }).origin).hostname);
    if (asked === site) {
      await next();
      return;
    }
    return c.text(`This server answers for ${site} only.\n`, 421);
  };
}
