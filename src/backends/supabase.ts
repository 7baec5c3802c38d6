import { createSupabaseClient, parseSupabaseConfig } from '../../adapters/supabase/supabase-client';
import { SupabaseNotifier } from '../../adapters/supabase/supabase-notifier';
import { SupabaseQuoteRepository } from '../../adapters/supabase/supabase-quote-repository';
import { SupabaseStaffAuth } from '../../adapters/supabase/supabase-staff-auth';
import type { Backend } from './backend';

/**
 * A Supabase project, as the original used: the page talks to PostgREST, Auth and the
 * send-quote-notification edge function with the public anonymous key, and row-level security
 * guards the data. No quoteFormAction: there is no server of ours to receive a plain form post.
 */
export function createBackend(): Backend {
  const client = createSupabaseClient(parseSupabaseConfig(import.meta.env));
  return {
    quotes: new SupabaseQuoteRepository({ client }),
    notifier: new SupabaseNotifier({ client }),
    logger: console,
    staffAuth: new SupabaseStaffAuth({ client }),
  };
}
