// The photo contract in Supabase mode, at the HTTP boundary: visitors upload and send, staff read
// through signed links and delete, the retention purge is the pg_cron job's SQL, erasure is staff's
// call, and the files of requests that are gone are removed by the purge-photos function under Deno.
import type { SupportedStorage } from '@supabase/supabase-js';
import type { QuoteRepository } from '../../domain/ports/quote-repository';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { photoStoreContract } from '../contracts/photo-store.test-support';
import { anonKey } from './fake-supabase-project.test-support';
import { mockSupabase, staffAccount } from './mock-supabase.test-support';
import { SupabaseCustomerData } from './supabase-customer-data';
import { createSupabaseClient } from './supabase-client';
import { photoLeftovers, purgePhotosOnDeno, scheduledRetentionPurge, signedLinkPhotoReader } from './supabase-photo-store.test-support';
import { SupabaseQuoteInbox } from './supabase-quote-inbox';
import { SupabaseQuoteRepository } from './supabase-quote-repository';

const { server, supabaseProject } = mockSupabase();
const purgePhotos = purgePhotosOnDeno(server);

photoStoreContract(
  'Supabase: visitors send, staff read through signed links, purge-photos removes the files',
  async ({ now }) => {
    const project = await supabaseProject({ now });
    // A visitor's browser of its own: no session, whatever staff's page keeps.
    const visitor = createSupabaseClient({ url: project.url, anonKey, storage: sessionless() });
    project.storeSession(staffAccount.email);
    const staff = project.connect();
    const sent = new SupabaseQuoteRepository({ client: visitor, now });
    const kept = new SupabaseQuoteRepository({ client: staff, now });
    const repository: QuoteRepository = { insert: (quote, photos) => sent.insert(quote, photos), delete: (id) => kept.delete(id) };
    return {
      repository,
      inbox: new SupabaseQuoteInbox({ client: staff }),
      photos: signedLinkPhotoReader(staff),
      customerData: new SupabaseCustomerData({ client: staff }),
      retention: scheduledRetentionPurge(project.state.database),
      leftovers: () => photoLeftovers(project.state.database, project.state.storage),
      finishRemoval: () => purgePhotos(project),
      cleanup: project.drop,
    };
  },
  // An empty name breaks the name's CHECK: send_quote_request is refused after the files were uploaded.
  { rejectedQuote: sampleQuote({ name: '' }) },
);

/** Local storage that keeps nothing: a browser where nobody signs in. */
function sessionless(): SupportedStorage {
  return { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
}
