import { GoTrueClient, type SupportedStorage } from '@supabase/auth-js';
import type { SupabaseConfig } from './supabase-config';

export interface SupabaseClientOptions extends SupabaseConfig {
  fetch?: typeof globalThis.fetch;
  /** Where the auth session is kept: the browser's localStorage when left out; an in-memory one in Node tests. */
  storage?: SupportedStorage;
  /** How long one request may wait for its answer. */
  timeoutMs?: number;
}

/** The Retry-After of the last 429 each client's auth server sent; the auth client keeps only the status. */
const lastRetryAfter = new WeakMap<GoTrueClient, { seconds: number | undefined }>();

/**
 * How long the auth server asked this client to wait in its last "too many requests" answer, in
 * seconds; undefined if it did not say (or the client was not made by {@link createSupabaseAuthClient}).
 */
export function retryAfterSecondsOf(client: GoTrueClient): number | undefined {
  return lastRetryAfter.get(client)?.seconds;
}

/**
 * Where the session is kept in storage: the key supabase-js derives from the project's URL
 * (`sb-<project ref>-auth-token`), so a session stored by a page built with supabase-js is found.
 */
const sessionStorageKeyOf = (projectUrl: URL): string => `sb-${projectUrl.hostname.split('.')[0] ?? ''}-auth-token`;

/**
 * A client of the project's Auth alone (the page reaches everything else through the API), set up
 * as supabase-js sets up its own: the anonymous key as `apikey` and bearer token, the session
 * persisted in local storage and refreshed automatically. Sessions are never read from the page's
 * URL: staff sign in with a password only, and a link carrying someone else's tokens must not sign
 * anyone in.
 */
export function createSupabaseAuthClient({
  url,
  anonKey,
  // Looked up on each call, not once: whatever fetch the page has then (a test's interceptor included).
  fetch = (input, init) => globalThis.fetch(input, init),
  storage,
  timeoutMs = 10_000,
}: SupabaseClientOptions): GoTrueClient {
  const projectUrl = new URL(url.trim().replace(/\/?$/, '/'));
  const retryAfter: { seconds: number | undefined } = { seconds: undefined };
  const client = new GoTrueClient({
    url: new URL('auth/v1', projectUrl).href,
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    storageKey: sessionStorageKeyOf(projectUrl),
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: false,
    ...(storage === undefined ? {} : { storage }),
    fetch: boundedFetch(fetch, timeoutMs, retryAfter),
  });
  lastRetryAfter.set(client, retryAfter);
  return client;
}

function boundedFetch(fetch: typeof globalThis.fetch, timeoutMs: number, retryAfter: { seconds: number | undefined }): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
    if (new URL(urlOf(input)).pathname.endsWith('/auth/v1/token')) {
      const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
      retryAfter.seconds = response.status === 429 && Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
    }
    return response;
  };
}

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
