import type { BackendModule } from './backend';

/**
 * A Supabase project: the page signs staff in with Supabase Auth and calls the product's API, which
 * the project runs as its `api` edge function. No quoteFormAction: the site is static, and no server
 * of ours renders a page for a plain form post.
 */
export const backend: BackendModule = {
  load: async () => (await import('./supabase-ports')).createPorts(),
};
