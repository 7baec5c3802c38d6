import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import type { QuoteStatus } from '../../../domain/inbox/quote-status';
import { bookingPath, reminderLinkPaths } from '../../../domain/reminders/reminder-paths';
import { repeatFieldName } from '../../../domain/reminders/service-words';
import { reminderCopy } from '../../../domain/reminders/reminder-copy';
import { formTokenFieldName } from '../../../domain/spam/spam';
import { toNamedFields } from '../../../domain/quote/quote';
import { manualClock } from '../../../fixtures/manual-clock.test-support';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import type { ParsedEmail } from '../../email/test-smtp-server.test-support';
import { startTestSmtpServer } from '../../email/test-smtp-server.test-support';
import { openPostgresDatabase } from '../../sql/database';
import { migrateToLatest } from '../../sql/migrate';
import { inboxPage, startTestServer, storeQuote, type TestServer } from '../test-server.test-support';

// A done job's yearly reminders as a customer gets them, over a real SMTP server on loopback: one email
// REMINDER_LEAD_DAYS (6 weeks) before the visit falls due, one more two weeks on, then nothing for two
// years; none after a stop, an erasure, or the next visit asked for through the email's link.

const office = 'office@example.co.uk';
const hour = 3_600_000;
const day = 24 * hour;
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

const post = async (server: TestServer, path: string, body: unknown, expected = 201) => {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: server.staffCookie }, body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBe(expected);
  return response;
};
const step = (server: TestServer, id: string, body: Record<string, unknown>, expected = 201) => post(server, `/api/quote-requests/${id}/activity`, body, expected);
const move = (server: TestServer, id: string, from: QuoteStatus, to: QuoteStatus) => step(server, id, { kind: 'status-moved', from, to });
const finish = async (server: TestServer, id: string) => {
  for (const [from, to] of [['new', 'contacted'], ['contacted', 'won'], ['won', 'done']] as const) await move(server, id, from, to);
};

const remindersTo = (emails: readonly ParsedEmail[], address: string) => emails.filter((email) => email.to.includes(address) && email.subject.includes('is due by'));
const stepsOf = async (server: TestServer, id: string) => (await inboxPage(server)).quotes.find((quote) => quote.id === id)?.activity.map(({ kind }) => kind) ?? [];

async function withServer(kind: 'sqlite' | 'postgres', use: (server: TestServer, smtp: Awaited<ReturnType<typeof startTestSmtpServer>>, clock: ReturnType<typeof manualClock>) => Promise<void>) {
  const smtp = await startTestSmtpServer();
  // 10:00 London on 1 May 2024 (BST): the work is done today, so its boiler service falls due on 1 May 2025.
  const clock = manualClock('2024-05-01T09:00:00Z');
  const server = await startTestServer(kind, { now: clock.now, realTimeSessions: true, customerLinks: true, mail: { smtpUrl: smtp.url, to: office, onTestClock: true } });
  try {
    await use(server, smtp, clock);
  } finally {
    await server.stop();
    await smtp.stop();
  }
}

for (const kind of ['sqlite', 'postgres'] as const) {
  test(`${kind}: one reminder 6 weeks before the service is due, one more two weeks on, then nothing for two years`, async () => {
    await withServer(kind, async (server, smtp, clock) => {
      const customer = 'tom.okafor@example.co.uk';
      const { id } = await storeQuote(server, { name: 'Tom Okafor', email: customer, service_type: 'heating' });
      await finish(server, id);
      await step(server, id, { kind: 'reminder-set', service: 'boiler-service', doneOn: '2024-05-01', agreed: true });
      // On the "Due for service" list from now, as due on 1 May 2025.
      const due = await fetch(`${server.url}/api/quote-requests/service-due?until=2025-07-30`, { headers: { cookie: server.staffCookie } });
      expect(((await due.json()) as { quotes: { id: string }[] }).quotes.map((quote) => quote.id)).toEqual([id]);

      // 20 March 2025, 10:00 GMT: 6 weeks before 1 May.
      clock.time = Date.parse('2025-03-20T09:59:00Z');
      await settle();
      expect(remindersTo(smtp.messages, customer)).toEqual([]);
      clock.time = Date.parse('2025-03-20T10:00:00Z');
      await expect.poll(() => remindersTo(smtp.messages, customer).length, { timeout: 5_000 }).toBe(1);
      const [first] = remindersTo(smtp.messages, customer);
      const token = server.customerToken(id);
      const stop = `${server.url}${reminderLinkPaths(token).stop}`;
      expect(first?.subject).toBe(reminderCopy.email.subject('boiler-service', '2025-05-01'));
      expect(first?.text).toContain('Hello Tom,');
      expect(first?.text).toContain(`${reminderCopy.email.book}: ${server.url}${bookingPath(token)}`);
      expect(first?.text).toContain(`${reminderCopy.email.stop}: ${stop}`);
      expect(first?.html).not.toMatch(/<img/i);
      expect(first?.headers).toContainEqual({ key: 'list-unsubscribe', value: `<${stop}>` });
      expect(first?.headers).toContainEqual({ key: 'list-unsubscribe-post', value: 'List-Unsubscribe=One-Click' });
      await expect.poll(() => stepsOf(server, id)).toContain('service-reminded');

      clock.time += 14 * day;
      await expect.poll(() => remindersTo(smtp.messages, customer).length, { timeout: 5_000 }).toBe(2);
      expect(remindersTo(smtp.messages, customer)[1]?.text).toContain(reminderCopy.email.again);
      for (let month = 0; month < 24; month += 1) {
        clock.time += 31 * day;
        await settle();
      }
      expect(remindersTo(smtp.messages, customer)).toHaveLength(2);
    });
  });

  test(`${kind}: none after a one-click stop, an erasure, or the next visit asked for through the link`, async () => {
    await withServer(kind, async (server, smtp, clock) => {
      const [stopped, erased, booked] = ['stopped', 'erased', 'booked'].map((name) => `${name}.${randomUUID().slice(0, 8)}@example.co.uk`) as [string, string, string];
      const ids: Record<string, string> = {};
      for (const email of [stopped, erased, booked]) {
        const { id } = await storeQuote(server, { name: 'Grace Hughes', email });
        await finish(server, id);
        await step(server, id, { kind: 'reminder-set', service: 'gas-safety-check', doneOn: '2024-05-01', agreed: true });
        ids[email] = id;
      }
      const idOf = (email: string) => ids[email] ?? '';
      // A mail program's one-click unsubscribe (RFC 8058).
      const oneClick = await fetch(`${server.url}${reminderLinkPaths(server.customerToken(idOf(stopped))).stop}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      expect(await stepsOf(server, idOf(stopped))).toContain('reminder-stopped');
      const erasing = await fetch(`${server.url}/api/customer-data`, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', cookie: server.staffCookie },
        body: JSON.stringify({ email: erased, confirm: erased }),
      });
      expect(erasing.status, await erasing.clone().text()).toBe(200);

      // The first reminder reaches the one still standing; then its customer books through the email.
      clock.time = Date.parse('2025-03-20T10:00:00Z');
      await expect.poll(() => remindersTo(smtp.messages, booked).length, { timeout: 5_000 }).toBe(1);
      const token = server.customerToken(idOf(booked));
      const page = await fetch(`${server.url}${bookingPath(token)}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      const booking = await fetch(`${server.url}/api/r/${token}/booking`);
      expect(await booking.json()).toMatchObject({ token, service: 'gas-safety-check', lastDone: '2024-05-01', due: '2025-05-01', draft: { name: 'Grace Hughes', email: booked } });
      const next = await fetch(`${server.url}/api/quote-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...toNamedFields(sampleQuote({ name: 'Grace Hughes', email: booked })), [formTokenFieldName]: await server.formToken(), [repeatFieldName]: token }),
      });
      expect(next.status).toBe(201);
      const { id: nextId } = (await next.json()) as { id: string };
      expect(await stepsOf(server, idOf(booked))).toContain('service-booked');
      const repeat = (await inboxPage(server)).quotes.find((quote) => quote.id === nextId)?.activity.find((entry) => entry.kind === 'repeat-of');
      expect(repeat).toMatchObject({ kind: 'repeat-of', request: idOf(booked), service: 'gas-safety-check', lastDone: '2024-05-01', due: '2025-05-01' });

      // Off the "Due for service" list once booked or stopped.
      const dueList = async () => {
        const due = await fetch(`${server.url}/api/quote-requests/service-due?until=2027-01-01`, { headers: { cookie: server.staffCookie } });
        return ((await due.json()) as { quotes: { id: string; service_due_on?: string }[] }).quotes.map((quote) => quote.id);
      };
      expect(await dueList()).toEqual([]);

      // The visit booked through the link, done on 20 March 2025, within 2 months of its 1 May deadline:
      // the cycle starts again, and next year's check is due by 1 May 2026, not 20 March.
      await finish(server, nextId);
      const after = (await inboxPage(server)).quotes.find((quote) => quote.id === nextId)?.activity.find((entry) => entry.kind === 'reminder-set');
      expect(after).toMatchObject({ service: 'gas-safety-check', doneOn: '2025-03-20', agreed: true });
      expect(await dueList()).toEqual([nextId]);

      for (const days of [14, 30, 180]) {
        clock.time += days * day;
        await settle();
      }
      expect(remindersTo(smtp.messages, stopped)).toEqual([]);
      expect(remindersTo(smtp.messages, erased)).toEqual([]);
      expect(remindersTo(smtp.messages, booked)).toHaveLength(1);
      // The new cycle's own first reminder: 6 weeks before 1 May 2026.
      clock.time = Date.parse('2026-03-20T10:00:00Z');
      await expect.poll(() => remindersTo(smtp.messages, booked).length, { timeout: 5_000 }).toBe(2);
      expect(remindersTo(smtp.messages, booked)[1]?.subject).toBe(reminderCopy.email.subject('gas-safety-check', '2026-05-01'));
    });
  });

  test(`${kind}: a request sent with someone else's address stops none of their reminders: its stop is a dead link's 404, recording nothing`, async () => {
    await withServer(kind, async (server, smtp, clock) => {
      const victim = `victim.${randomUUID().slice(0, 8)}@example.co.uk`;
      const theirs = await storeQuote(server, { name: 'The Victim', email: victim, service_type: 'heating' });
      await finish(server, theirs.id);
      await step(server, theirs.id, { kind: 'reminder-set', service: 'boiler-service', doneOn: '2024-05-01', agreed: true });

      // Anyone can send a request with the same address, and the 201 hands them its token.
      const sent = await fetch(`${server.url}/api/quote-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...toNamedFields(sampleQuote({ name: 'Not The Victim', email: victim })), [formTokenFieldName]: await server.formToken() }),
      });
      expect(sent.status).toBe(201);
      const { id: planted, customer_token: token } = (await sent.json()) as { id: string; customer_token: string };
      const { stop } = reminderLinkPaths(token);
      const oneClick = await fetch(`${server.url}${stop}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(oneClick.status).toBe(404);
      expect((await fetch(`${server.url}${stop}`, { method: 'POST', headers: { accept: 'application/json' } })).status).toBe(404);
      expect((await fetch(`${server.url}${stop}`)).status).toBe(404);
      expect(await stepsOf(server, planted)).toEqual([]);

      clock.time = Date.parse('2025-03-20T10:00:00Z');
      await expect.poll(() => remindersTo(smtp.messages, victim).length, { timeout: 5_000 }).toBe(1);
    });
  });
}

test('two servers on one PostgreSQL send each reminder email once', async () => {
  const smtp = await startTestSmtpServer();
  const clock = manualClock('2024-05-01T09:00:00Z');
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `test_reminders_${randomUUID().replaceAll('-', '')}`;
  const admin = openPostgresDatabase(url);
  await admin.schema.createSchema(schema).execute();
  const shared = [openPostgresDatabase(url, { schema }), openPostgresDatabase(url, { schema })] as const;
  const servers: TestServer[] = [];
  try {
    await migrateToLatest(shared[0]);
    for (const db of shared) {
      servers.push(await startTestServer('postgres', { now: clock.now, realTimeSessions: true, alerts: { db }, customerLinks: true, mail: { smtpUrl: smtp.url, to: office, onTestClock: true, pollMs: 10 } }));
    }
    const [, one] = servers as [TestServer, TestServer];
    const customers = Array.from({ length: 10 }, (_, index) => `shared.${String(index)}@example.co.uk`);
    for (const email of customers) {
      const { id } = await storeQuote(one, { name: 'Shared Customer', email });
      await finish(one, id);
      await step(one, id, { kind: 'reminder-set', service: 'boiler-service', doneOn: '2024-05-01', agreed: true });
    }
    clock.time = Date.parse('2025-03-20T10:00:00Z');
    await expect.poll(() => customers.every((email) => remindersTo(smtp.messages, email).length === 1), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await inboxPage(one)).quotes.filter((quote) => quote.activity.some(({ kind }) => kind === 'service-reminded')).length, { timeout: 5_000 }).toBe(customers.length);
    clock.time += 14 * day;
    await expect.poll(() => customers.every((email) => remindersTo(smtp.messages, email).length === 2), { timeout: 10_000 }).toBe(true);
    await settle();
    for (const email of customers) expect(remindersTo(smtp.messages, email), email).toHaveLength(2);
  } finally {
    for (const server of servers) await server.stop();
    await smtp.stop();
    await admin.schema.dropSchema(schema).cascade().execute();
    await admin.destroy();
  }
});
