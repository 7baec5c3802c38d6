import * as v from 'valibot';

// What the edge functions share of the project's REST API (PostgREST): where the project is, how a
// refusal is reported, and asking whether a caller is staff.

/** Where the project is: Supabase gives every edge function these three variables. */
export interface StoreConfig {
  url: string;
  anonKey: string;
  serviceKey: string;
}

/** The project from the function's environment; undefined when any variable is missing. */
export function parseStoreConfig(env: Record<string, string | undefined>): StoreConfig | undefined {
  const { SUPABASE_URL: url, SUPABASE_ANON_KEY: anonKey, SUPABASE_SERVICE_ROLE_KEY: serviceKey } = env;
  if (!url || !anonKey || !serviceKey) return undefined;
  return { url: url.replace(/\/+$/, ''), anonKey, serviceKey };
}

/** The headers that act as the service role, which row-level security lets through. */
export const asServiceRole = ({ serviceKey }: Pick<StoreConfig, 'serviceKey'>) => ({ apikey: serviceKey, authorization: `Bearer ${serviceKey}` });

/** A refusal from the database as an error that says what was being done, and its answer. */
export const postgrestFailure = async (action: string, response: Response): Promise<Error> =>
  new Error(`${action} failed: the database answered ${response.status} ${(await response.text()).slice(0, 200)}`);

/** Whether the holder of `token` is staff, asked with their own token; 'refused' for a token the project refuses. */
export async function askIsStaff({ url, anonKey }: Pick<StoreConfig, 'url' | 'anonKey'>, token: string, fetchImpl: typeof fetch): Promise<boolean | 'refused'> {
  const response = await fetchImpl(`${url}/rest/v1/rpc/is_staff`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  // 401: an expired or forged token, or the anonymous key (which may not ask).
  if (response.status === 401) return 'refused';
  if (!response.ok) throw await postgrestFailure('Asking whether the caller is staff', response);
  return v.parse(v.boolean(), await response.json());
}
