import ky, { type KyInstance } from 'ky';

/** How the browser's REST clients reach our server. */
export interface RestClientOptions {
  /**
   * Where the API lives: an origin, or an origin and the path the host serves the API under. Left out,
   * the page's own origin: the server that served the page also answers its API.
   */
  baseUrl?: string;
  /** How long one attempt may wait for an answer, body included. */
  timeoutMs?: number;
  /** How requests reach the API: the browser's fetch, or the app's own handler when the API runs in the page. */
  fetch?: typeof fetch;
  /**
   * The signed-in staff member's access token, sent as `Authorization: Bearer`, where staff are signed
   * in by something other than our server's cookie (Supabase Auth, the demo's account); null when nobody is.
   */
  accessToken?: () => Promise<string | null>;
}

/** The client of our API with these options; `timeoutMs` defaults to 10 seconds. */
export function createApiClient({ baseUrl, timeoutMs = 10_000, fetch, accessToken }: RestClientOptions): { api: KyInstance; timeoutMs: number } {
  const api = ky.create({
    timeout: timeoutMs,
    // A prefix, not a base: a host that serves the API under a path of its own (a Supabase function,
    // /functions/v1) keeps it in front of the API's absolute paths.
    ...(baseUrl === undefined ? {} : { prefix: baseUrl }),
    ...(fetch === undefined ? {} : { fetch }),
    ...(accessToken && {
      hooks: {
        beforeRequest: [
          async ({ request }) => {
            const token = await accessToken();
            if (token !== null) request.headers.set('authorization', `Bearer ${token}`);
          },
        ],
      },
    }),
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
