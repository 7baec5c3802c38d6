import type { Context } from 'hono';

/** What a probe request carried of the headers a reverse proxy adds: whether TRUST_PROXY fits the proxy. */
export interface ProbeSighting {
  forwardedFor: boolean;
  /** X-Forwarded-Proto as it came (`https` behind a proxy that terminates TLS), or null. */
  forwardedProto: string | null;
  forwardedHost: boolean;
}

/** A probe's name: random, so a sighting answers only the one who sent it. */
const probeToken = /^[A-Za-z0-9_-]{16,64}$/;
const remembered = 32;

/**
 * The forwarding headers of the last few `GET /healthz?probe=<token>`, for the go-live check: it sends
 * one through SITE_URL, then asks this server on loopback (`/readyz?probe=<token>`) what it carried.
 * Only names and the scheme are kept, never an address.
 */
export class ProxyProbes {
  readonly #seen = new Map<string, ProbeSighting>();

  /** Remembers what a probe request carried; other requests are not looked at. */
  remember(c: Context): void {
    const token = c.req.query('probe');
    if (token === undefined || !probeToken.test(token)) return;
    this.#seen.delete(token);
    this.#seen.set(token, {
      forwardedFor: c.req.header('x-forwarded-for') !== undefined,
      forwardedProto: c.req.header('x-forwarded-proto') ?? null,
      forwardedHost: c.req.header('x-forwarded-host') !== undefined,
    });
    for (const oldest of this.#seen.keys()) {
      if (this.#seen.size <= remembered) break;
      this.#seen.delete(oldest);
    }
  }

  /** What the probe named `token` carried; undefined when none such reached this server. */
  find(token: string | undefined): ProbeSighting | undefined {
    return token === undefined ? undefined : this.#seen.get(token);
  }
}
