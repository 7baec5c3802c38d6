import type { MiddlewareHandler } from 'hono';

// What a rate limit is to the routes that use one, on every host; how one is kept (in memory, in
// PostgreSQL) is rate-limits.ts, on our Node server.

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimit {
  /** Answers 429 with Retry-After once the request's key has used its points. */
  middleware: MiddlewareHandler;
  /** For callers that count by more than the address, e.g. sign-in by address and by email. */
  consume: (key: string) => Promise<RateLimitDecision>;
  /** Forgets a key's count, e.g. a client's failed sign-ins on an email once it signs in. */
  reset: (key: string) => Promise<void>;
  /** Whether `consume` would let the key through now, using no point. */
  check: (key: string) => Promise<RateLimitDecision>;
  /**
   * Gives back the point `consume` took, for callers that count only some requests (failed sign-ins,
   * stored quote requests): they count each request as it comes, so requests sent all at once cannot
   * slip past the count, then refund those that turned out not to count.
   */
  refund: (key: string) => Promise<void>;
}

/** The limit of a host whose only client is its own page (the demo's API in the page): nobody to hold back. */
export const noRateLimit: RateLimit = {
  middleware: (_c, next) => next(),
  consume: () => Promise.resolve({ allowed: true }),
  check: () => Promise.resolve({ allowed: true }),
  reset: () => Promise.resolve(),
  refund: () => Promise.resolve(),
};
