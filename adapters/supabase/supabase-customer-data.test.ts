import { expect, test } from 'vitest';
import { customerDataContract } from '../contracts/customer-data.test-support';
import { memberAccount, mockSupabase, staffAccount } from './mock-supabase.test-support';
import { SupabaseCustomerData } from './supabase-customer-data';
import { SupabaseQuoteInbox } from './supabase-quote-inbox';
import { SupabaseQuoteRepository } from './supabase-quote-repository';

const { supabaseProject } = mockSupabase();

customerDataContract('SupabaseCustomerData over PostgREST running the migrations on PostgreSQL', async ({ now }) => {
  const project = await supabaseProject({ now });
  project.storeSession(staffAccount.email);
  const client = project.connect();
  return {
    repository: new SupabaseQuoteRepository({ client, now }),
    inbox: new SupabaseQuoteInbox({ client }),
    customerData: new SupabaseCustomerData({ client }),
    cleanup: project.drop,
  };
});

test('a signed-in user who is not staff can neither see nor erase a customer’s data', async () => {
  const project = await supabaseProject();
  try {
    const stored = await new SupabaseQuoteRepository({ client: project.connect() }).insert({
      name: 'Erin Gone', email: 'erin@example.co.uk', phone: '07700 900456', postcode: null, serviceType: 'general', description: null, urgent: false,
    });
    project.storeSession(memberAccount.email);
    const customerData = new SupabaseCustomerData({ client: project.connect() });
    await expect(customerData.findCustomerData({ email: 'erin@example.co.uk', phone: null })).rejects.toThrow(/Finding a customer’s data failed/);
    await expect(customerData.eraseCustomerData({ email: 'erin@example.co.uk', phone: null })).rejects.toThrow(/Erasing a customer’s data failed/);
    project.storeSession(staffAccount.email);
    const found = await new SupabaseCustomerData({ client: project.connect() }).findCustomerData({ email: 'erin@example.co.uk', phone: null });
    expect(found.requests.map(({ id }) => id)).toEqual([stored.id]);
  } finally {
    await project.drop();
  }
});
