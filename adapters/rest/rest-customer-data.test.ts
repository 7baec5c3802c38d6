import { expect, test } from 'vitest';
import { NotSignedIn } from '../../domain/staff/staff';
import { customerDataContract } from '../contracts/customer-data.test-support';
import { databases, startTestServer } from '../server/test-server.test-support';
import { RestCustomerData } from './rest-customer-data';
import { RestQuoteInbox } from './rest-quote-inbox';
import { RestQuoteRepository } from './rest-quote-repository';
import { signedIn } from './signed-in-fetch.test-support';

// The browser's client against the real server and database, over real HTTP.
for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  customerDataContract(`RestCustomerData against our server on ${kind}`, async ({ now }) => {
    const server = await startTestServer(kind, { now, realTimeSessions: true });
    const client = { baseUrl: server.url, fetch: signedIn(server.staffCookie) };
    return { repository: new RestQuoteRepository(client), inbox: new RestQuoteInbox(client), customerData: new RestCustomerData(client), cleanup: server.stop };
  });
}

test('without a staff session, finding or erasing a customer is NotSignedIn', async () => {
  const server = await startTestServer('sqlite');
  try {
    const client = new RestCustomerData({ baseUrl: server.url });
    await expect(client.findCustomerData({ email: 'priya@example.co.uk', phone: null })).rejects.toBeInstanceOf(NotSignedIn);
    await expect(client.eraseCustomerData({ email: 'priya@example.co.uk', phone: null })).rejects.toBeInstanceOf(NotSignedIn);
  } finally {
    await server.stop();
  }
});
