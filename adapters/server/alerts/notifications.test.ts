import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import type { ClaimedNotification } from '../../../domain/ports/notification-outbox';
import { toNamedFields } from '../../../domain/quote/quote';
import { formTokenFieldName } from '../../../domain/spam/spam';
import { manualClock } from '../../../fixtures/manual-clock.test-support';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { businessEmail } from '../../email/business-email';
import { SmtpMailer } from '../../email/smtp-mailer';
import { startTestSmtpServer } from '../../email/test-smtp-server.test-support';
import { openPostgresDatabase } from '../../sql/database';
import { migrateToLatest } from '../../sql/migrate';
import { SqlNotificationOutbox } from '../../sql/sql-notification-outbox';
import { SqlQuoteRepository } from '../../sql/sql-quote-repository';
import { describeNotification, OutboxDispatcher, retryDelayMs } from './outbox-dispatcher';
import { inboxPage, startTestServer, type TestServer } from '../test-server.test-support';

const inbox = 'office@example.co.uk';
const request = (name: string, extra: Record<string, unknown> = {}) => ({
  ...toNamedFields(sampleQuote({ name, email: null, serviceType: 'heating' })),
  ...extra,
});
/** Posts as the form does, with the token of a page opened a while before: several alike are no burst of spam. */
const post = async (server: TestServer, body: Record<string, unknown>) =>
  fetch(`${server.url}/api/quote-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, [formTokenFieldName]: await server.formToken() }),
  });
const readyz = async (server: TestServer) => (await (await fetch(`${server.url}/readyz`)).json()) as { outbox: { pending: number } };

test('the business and the customer get their emails, and staff see that the business one went out', async () => {
  const smtp = await startTestSmtpServer();
  const server = await startTestServer('sqlite', { mail: { smtpUrl: smtp.url, to: inbox } });
  try {
    const response = await post(server, request('Priya Raman', { email: 'priya@example.co.uk', urgent: true, description: '<script>alert(1)</script>' }));
    expect(response.status).toBe(201);

    const emails = await smtp.waitFor(2, 5_000);
    const business = emails.find((email) => email.to.includes(inbox));
    const customer = emails.find((email) => email.to.includes('priya@example.co.uk'));
    expect(business?.subject).toBe('URGENT: Heating Services request from Priya Raman');
    expect(business?.replyTo).toEqual(['priya@example.co.uk']);
    expect(business?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(business?.html).not.toContain('<script>');
    expect(customer?.text).toContain('30 minutes');

    await expect.poll(async () => (await readyz(server)).outbox.pending).toBe(0);
    const { quotes: listed } = await inboxPage(server);
    expect(listed[0]?.business_email).toEqual({ sent_at: expect.any(String) as unknown, last_error: null });
  } finally {
    await server.stop();
    await smtp.stop();
  }
});

for (const kind of ['sqlite', 'postgres'] as const) {
  test(`${kind}: a second request from one address within a day reaches the business, but sends that address no second confirmation`, async () => {
    const smtp = await startTestSmtpServer();
    const clock = manualClock();
    const server = await startTestServer(kind, { now: clock.now, realTimeSessions: true, mail: { smtpUrl: smtp.url, to: inbox } });
    const hour = 3_600_000;
    const toCustomer = () => smtp.messages.filter((email) => !email.to.includes(inbox));
    const toBusiness = () => smtp.messages.filter((email) => email.to.includes(inbox));
    try {
      expect((await post(server, request('Priya Raman', { email: 'priya@example.co.uk' }))).status).toBe(201);
      await smtp.waitFor(2, 5_000);

      // Someone else, 23 hours on, sends their own words to the same address, written another way.
      clock.time += 23 * hour;
      const relay = request('Your invoice is overdue, pay at http://evil.example', {
        email: ' Priya@Example.CO.UK ',
        description: 'Pay now at https://evil.example/pay',
      });
      expect((await post(server, relay)).status).toBe(201);
      await smtp.waitFor(3, 5_000);
      await expect.poll(async () => (await readyz(server)).outbox.pending).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(toBusiness().map((email) => email.subject)).toEqual([
        'Heating Services request from Priya Raman',
        'Heating Services request from Your invoice is overdue, pay at http://evil.example',
      ]);
      expect(toCustomer().map((email) => ({ to: email.to, text: email.text.split('\n')[0] }))).toEqual([{ to: ['priya@example.co.uk'], text: 'Hello Priya,' }]);
      const { quotes: listed } = await inboxPage(server);
      expect(listed).toHaveLength(2);

      // A day after the first confirmation, the next request from there gets one again.
      clock.time += hour;
      expect((await post(server, request('Priya Raman', { email: 'priya@example.co.uk' }))).status).toBe(201);
      await smtp.waitFor(5, 5_000);
      expect(toCustomer()).toHaveLength(2);
      for (const email of toCustomer()) expect(`${email.subject}${email.text}${email.html}`).not.toMatch(/evil|invoice/i);
    } finally {
      await server.stop();
      await smtp.stop();
    }
  });
}

test('while the mail server is down visitors still succeed; when it is back every email arrives, once', async () => {
  const smtp = await startTestSmtpServer();
  await smtp.stop();
  const server = await startTestServer('sqlite', { mail: { smtpUrl: smtp.url, to: inbox } });
  try {
    for (let index = 0; index < 5; index += 1) expect((await post(server, request(`Outage ${index}`))).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await readyz(server)).outbox.pending).toBe(5);
    const { quotes: listed } = await inboxPage(server);
    expect(listed.map((quote) => quote.business_email?.sent_at)).toEqual(Array(5).fill(null));

    await smtp.restart();
    const emails = await smtp.waitFor(5, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages).toHaveLength(5);
    expect(new Set(emails.map((email) => email.subject)).size).toBe(5);
    expect((await readyz(server)).outbox.pending).toBe(0);
  } finally {
    await server.stop();
    await smtp.stop();
  }
});

test('two servers on one PostgreSQL database never send a notification twice', async () => {
  const smtp = await startTestSmtpServer();
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `test_outbox_${randomUUID().replaceAll('-', '')}`;
  const admin = openPostgresDatabase(url);
  await admin.schema.createSchema(schema).execute();
  const first = openPostgresDatabase(url, { schema });
  const second = openPostgresDatabase(url, { schema });
  const mailer = new SmtpMailer({ url: smtp.url, from: 'quotes@example.co.uk' });
  const dispatchers: OutboxDispatcher<ClaimedNotification>[] = [];
  try {
    await migrateToLatest(first);
    const quotes = new SqlQuoteRepository(first, { notify: true });
    for (let index = 0; index < 40; index += 1) {
      await quotes.insert(sampleQuote({ name: `Shared ${index}`, email: null }));
    }
    for (const db of [first, second]) {
      const dispatcher = new OutboxDispatcher({
        describe: describeNotification,
        name: 'the email outbox',
        outbox: new SqlNotificationOutbox(db),
        logger: { error: () => undefined },
        batchSize: 3,
        pollMs: 20,
        deliver: ({ quote }) => mailer.send(businessEmail(quote, { to: inbox })),
      });
      dispatchers.push(dispatcher);
      dispatcher.start();
    }

    const emails = await smtp.waitFor(40, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(40);
    expect(new Set(emails.map((email) => email.subject)).size).toBe(40);
  } finally {
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()));
    mailer.close();
    await first.destroy();
    await second.destroy();
    await admin.schema.dropSchema(schema).cascade().execute();
    await admin.destroy();
    await smtp.stop();
  }
});

test('what a dispatcher claimed and never finished is sent by the next one once its lease runs out', async () => {
  const smtp = await startTestSmtpServer();
  const server = await startTestServer('sqlite');
  const mailer = new SmtpMailer({ url: smtp.url, from: 'quotes@example.co.uk' });
  const quotes = new SqlQuoteRepository(server.db, { notify: true });
  try {
    for (let index = 0; index < 3; index += 1) {
      await quotes.insert(sampleQuote({ name: `Crash ${index}`, email: null, serviceType: 'general' }));
    }
    // The first server claims them, then dies before sending anything.
    expect(await new SqlNotificationOutbox(server.db, { leaseSeconds: 60 }).claimDue(10)).toHaveLength(3);

    const later = () => new Date(Date.now() + 61_000);
    const dispatcher = new OutboxDispatcher({
      describe: describeNotification,
      name: 'the email outbox',
      outbox: new SqlNotificationOutbox(server.db, { now: later }),
      logger: { error: () => undefined },
      now: later,
      deliver: ({ quote }) => mailer.send(businessEmail(quote, { to: inbox })),
    });
    dispatcher.start();
    expect((await smtp.waitFor(3, 5_000)).map((email) => email.subject).sort()).toEqual([
      'General Repairs request from Crash 0',
      'General Repairs request from Crash 1',
      'General Repairs request from Crash 2',
    ]);
    await dispatcher.stop();
  } finally {
    mailer.close();
    await server.stop();
    await smtp.stop();
  }
});

test('retries wait longer each time, with jitter, and never more than the cap', () => {
  const options = { firstRetryMs: 10_000, maxRetryMs: 3_600_000 };
  expect(retryDelayMs(1, { ...options, random: () => 0 })).toBe(5_000);
  expect(retryDelayMs(1, { ...options, random: () => 1 })).toBe(10_000);
  expect(retryDelayMs(4, { ...options, random: () => 1 })).toBe(80_000);
  expect(retryDelayMs(30, { ...options, random: () => 1 })).toBe(3_600_000);
  expect(retryDelayMs(30, { ...options, random: () => 0 })).toBe(1_800_000);
});
