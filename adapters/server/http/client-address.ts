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

/**
 * Whether the client is on this machine, for what only its operator may read (/readyz's details).
 * The socket must be loopback. Behind our proxy (TRUST_PROXY) that is true of everyone the proxy
 * forwards when it runs on this machine, so every address a forwarding header names must be loopback
 * too: the proxy's own, and any the client wrote, which earns nothing but a refusal when forged.
 */
export function isLoopbackClient(c: Context, { trustProxy }: ProxyTrust): boolean {
  const socket = socketAddress(c);
  if (socket === undefined || !isLoopbackAddress(socket)) return false;
  if (!trustProxy) return true;
  const named = [
    ...(c.req.header('x-forwarded-for')?.split(',') ?? []),
    ...(c.req.header('x-real-ip') ?? '').split(','),
    ...forwardedFor(c.req.header('forwarded')),
  ]
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return named.every(isLoopbackAddress);
}

/** The `for=` addresses of an RFC 7239 Forwarded header, unquoted: `for="[::1]:8080"` gives `[::1]:8080`. */
function forwardedFor(header: string | undefined): string[] {
  if (header === undefined) return [];
  return header
    .split(/[,;]/)
    .map((pair) => pair.trim())
    .filter((pair) => pair.toLowerCase().startsWith('for='))
    .map((pair) => pair.slice('for='.length).replaceAll('"', ''));
}

/** 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6 address, bracketed, or with a port. Anything else (`unknown`, a hidden name) is not. */
export function isLoopbackAddress(address: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  const host = (bracketed?.[1] ?? address.replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1')).toLowerCase();
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  const ipv4 = host.startsWith('::ffff:') ? host.slice('::ffff:'.length) : host;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
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
