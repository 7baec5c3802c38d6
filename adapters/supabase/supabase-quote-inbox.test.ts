import { quoteInboxContract } from '../contracts/quote-inbox.test-support';
import type { MakeStore } from '../contracts/store-under-test.test-support';
import { mockSupabase, staffAccount } from './mock-supabase.test-support';
import { SupabaseQuoteInbox } from './supabase-quote-inbox';
import { SupabaseQuoteRepository } from './supabase-quote-repository';

const { supabaseProject } = mockSupabase();

/** A project whose PostgREST runs our SQL on PostgreSQL, with staff signed in: what the inbox page has. */
const signedInStaff: MakeStore<SupabaseQuoteInbox> = async ({ now }) => {
  const project = await supabaseProject({ now });
  project.storeSession(staffAccount.email);
  const client = project.connect();
  return { repository: new SupabaseQuoteRepository({ client, now }), inbox: new SupabaseQuoteInbox({ client }), cleanup: project.drop };
};

quoteInboxContract('SupabaseQuoteInbox over PostgREST running the migrations on PostgreSQL', signedInStaff, { as: staffAccount.email });
