import * as v from 'valibot';

// The project the site is built for, read from the build's environment: light enough for the page's
// first script, before the client of the project's Auth is fetched.

export interface SupabaseConfig {
  /** The project's URL, e.g. https://abcdefghijklmnop.supabase.co. */
  url: string;
  /** The project's public anonymous (publishable) key: safe in the page, which uses it only to sign staff in. */
  anonKey: string;
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
