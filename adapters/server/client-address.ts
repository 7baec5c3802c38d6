import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { ProxyTrust } from './request-origin';

/** Stands for every client whose address we cannot tell, so they are at least counted together. */
export const unknownClientAddress = 'unknown';

/**
 * The address of the client, for rate limits. Behind a proxy, the socket's address is the proxy's, so
 * we take `X-Forwarded-For` instead, but only its LAST entry: that is the one our proxy added (or set)
 * for the connection it saw. Entries before it came from the client, which can write anything there to
 * get a fresh rate-limit count on every request. This assumes exactly one proxy in front of us.
 */
export function clientAddress(c: Context, { trustProxy }: ProxyTrust): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress(c) ?? unknownClientAddress;
}

function socketAddress(c: Context): string | undefined {
  try {
    // Throws outside @hono/node-server (app.request in tests has no socket); undefined once it closed.
    const address = getConnInfo(c).remote.address;
    return address === '' ? undefined : address;
  } catch {
    return undefined;
  }
}
