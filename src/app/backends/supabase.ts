import * as v from 'valibot';
import { apiPaths } from '../../../adapters/http-api/wire';
import { apiUrlOf, parseSupabaseConfig } from '../../../adapters/supabase/supabase-config';
import type { BackendModule } from './backend';

const FormTokenSchema = v.object({ token: v.pipe(v.string(), v.maxLength(256)) });

/**
 * A Supabase project: the page signs staff in with Supabase Auth and calls the product's API, which
 * the project runs as its `api` edge function. No quoteFormAction: the site is static, and no server
 * of ours renders a page for a plain form post.
 */
export const backend: BackendModule = {
  // The page is a static file: the API signs the form's token when the page's scripts start.
  formToken: async () => {
    const response = await fetch(`${apiUrlOf(parseSupabaseConfig(import.meta.env))}${apiPaths.formToken}`, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`The form token could not be had: ${String(response.status)}`);
    return v.parse(FormTokenSchema, await response.json()).token;
  },
  apiLinkBase: () => apiUrlOf(parseSupabaseConfig(import.meta.env)),
  load: async () => (await import('./supabase-ports')).createPorts(),
};
