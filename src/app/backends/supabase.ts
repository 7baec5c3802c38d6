import type { BackendModule } from './backend';

/**
 * A Supabase project, as the original used: the page talks to PostgREST, Auth and the
 * send-quote-notification edge function with the public anonymous key, and row-level security
 * guards the data. No quoteFormAction: there is no server of ours to receive a plain form post.
 */
export const backend: BackendModule = {
  load: async () => (await import('./supabase-ports')).createPorts(),
};
