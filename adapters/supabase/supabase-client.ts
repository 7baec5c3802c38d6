import { createClient, type SupabaseClient, type SupportedStorage } from '@supabase/supabase-js';
import * as v from 'valibot';

export interface SupabaseConfig {
  /** The project's URL, e.g. https://abcdefghijklmnop.supabase.co. */
  url: string;
  /** The project's public anonymous (publishable) key: safe in the page, which uses it only to sign staff in. */
  anonKey: string;
}

export interface SupabaseClientOptions extends SupabaseConfig {
  fetch?: typeof globalThis.fetch;
  /** Where the auth session is kept: the browser's localStorage when left out; an in-memory one in Node tests. */
  storage?: SupportedStorage;
  /** How long one request may wait for its answer. */
  timeoutMs?: number;
}

// A variable left out reads as empty, so both say the same: it must be set.
const httpUrl = (name: string) =>
  v.pipe(
    v.optional(v.string(`${name} must be text`), ''),
    v.trim(),
    v.nonEmpty(`${name} must be set to the Supabase project's URL`),
    v.url(`${name} must be a URL, like https://abcdefghijklmnop.supabase.co`),
    v.regex(/^https?:\/\//i, `${name} must be an http:// or https:// URL`),
  );

const nonEmpty = (name: string) =>
  v.pipe(v.optional(v.string(`${name} must be text`), ''), v.trim(), v.nonEmpty(`${name} must be set to the project's anonymous key`));

const SupabaseEnvSchema = v.object({
  VITE_SUPABASE_URL: httpUrl('VITE_SUPABASE_URL'),
  VITE_SUPABASE_ANON_KEY: nonEmpty('VITE_SUPABASE_ANON_KEY'),
});

/** Where the project serves the product's API: its `api` edge function. */
export const apiUrlOf = ({ url }: SupabaseConfig): string => `${url.replace(/\/+$/, '')}/functions/v1/api`;

/** The project to talk to, from the build's environment; a missing or bad value throws naming the variable. */
export function parseSupabaseConfig(env: unknown): SupabaseConfig {
  const result = v.safeParse(SupabaseEnvSchema, env);
  if (!result.success) {
    throw new Error(`Invalid Supabase configuration: ${result.issues.map(({ message }) => message).join('; ')}`);
  }
  return { url: result.output.VITE_SUPABASE_URL, anonKey: result.output.VITE_SUPABASE_ANON_KEY };
}

/** The Retry-After of the last 429 each client's auth server sent; supabase-js keeps only the status. */
const lastRetryAfter = new WeakMap<SupabaseClient, { seconds: number | undefined }>();

/**
 * How long the auth server asked this client to wait in its last "too many requests" answer, in
 * seconds; undefined if it did not say (or the client was not made by {@link createSupabaseClient}).
 */
export function retryAfterSecondsOf(client: SupabaseClient): number | undefined {
  return lastRetryAfter.get(client)?.seconds;
}

/**
 * A supabase-js client for the project's Auth: the session persisted in local storage and refreshed
 * automatically. Sessions are never read from the page's URL: staff sign in with a password only, and
 * a link carrying someone else's tokens must not sign anyone in. Everything else goes through the API.
 */
export function createSupabaseClient({
  url,
  anonKey,
  // Looked up on each call, not once: whatever fetch the page has then (a test's interceptor included).
  fetch = (input, init) => globalThis.fetch(input, init),
  storage,
  timeoutMs = 10_000,
}: SupabaseClientOptions): SupabaseClient {
  const retryAfter: { seconds: number | undefined } = { seconds: undefined };
  const client = createClient(url, anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: false,
      ...(storage === undefined ? {} : { storage }),
    },
    global: { fetch: boundedFetch(fetch, timeoutMs, retryAfter) },
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
