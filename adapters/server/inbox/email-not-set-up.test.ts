import { onTestFinished, expect, test } from 'vitest';
import { startTestSmtpServer } from '../../email/test-smtp-server.test-support';
import { fromWireFirstScreen } from '../../http-api/inbox-page-state';
import { inboxPage, startTestServer, storeQuote, type TestServer } from '../test-server.test-support';

/** The inbox's first screen as the server drew it for staff at /quotes. */
async function firstScreenPage(server: TestServer) {
  const response = await fetch(`${server.url}/quotes`, { headers: { cookie: server.staffCookie } });
  expect(response.status).toBe(200);
  const drawn = fromWireFirstScreen(server.rendered.at(-1)?.state.inbox);
  if (drawn === undefined) throw new Error('/quotes was not drawn with the inbox');
  return drawn.page;
}

test('a server keeping the emails with no mail server says so on every page of the inbox, and in the first screen it draws', async () => {
  const server = await startTestServer('sqlite', { emailNotSetUp: true });
  onTestFinished(() => server.close());
  await storeQuote(server, { name: 'Waiting Email' });

  const page = await inboxPage(server);
  expect(page.email_not_set_up).toBe(true);
  // The card still carries its own email's state; the page tells why it waits.
  expect(page.quotes[0]?.business_email).toMatchObject({ sent_at: null });
  expect((await firstScreenPage(server)).emailNotSetUp).toBe(true);
});

test('a server sending its emails, or keeping none, says nothing of it', async () => {
  const smtp = await startTestSmtpServer();
  onTestFinished(() => smtp.stop());
  for (const options of [{ mail: { smtpUrl: smtp.url, to: 'office@example.co.uk' } }, {}]) {
    const server = await startTestServer('sqlite', options);
    onTestFinished(() => server.close());
    await storeQuote(server, { name: 'Sent Email' });
    expect((await inboxPage(server)).email_not_set_up).toBeUndefined();
    expect((await firstScreenPage(server)).emailNotSetUp).toBeUndefined();
  }
});
