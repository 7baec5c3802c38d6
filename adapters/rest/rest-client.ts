import ky, { type KyInstance } from 'ky';

/** How the browser's REST clients reach our server. */
export interface RestClientOptions {
  /**
   * Where the API lives. API paths are absolute ('/api/...'), so only the origin counts. Left out, the
   * page's own origin: the server that served the page also answers its API.
   */
  baseUrl?: string;
  /** How long one attempt may wait for an answer, body included. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The client of our API with these options; `timeoutMs` defaults to 10 seconds. */
export function createApi({ baseUrl, timeoutMs = 10_000, fetch }: RestClientOptions): { api: KyInstance; timeoutMs: number } {
  const api = ky.create({
    timeout: timeoutMs,
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(fetch === undefined ? {} : { fetch }),
  });
  return { api, timeoutMs };
}

/**
 * Only safe reads are tried again: a POST whose answer was lost may already have done its work, and
 * sending it again could store a visitor's request twice or add a note twice. 500 is a fault that a
 * second try will not mend.
 */
export const readRetry = {
  limit: 2,
  methods: ['get'],
  statusCodes: [502, 503, 504],
  // A Retry-After of an hour must not keep staff waiting for their list for an hour.
  maxRetryAfter: 5_000,
};
