import { randomBytes, randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import type { QuoteStatus } from '../../../domain/inbox/quote-status';
import { writeReviewUrl } from '../../../domain/reviews/review-ask';
import { reviewCopy } from '../../../domain/reviews/review-copy';
import { manualClock } from '../../../fixtures/manual-clock.test-support';
import type { ParsedEmail } from '../../email/test-smtp-server.test-support';
import { startTestSmtpServer } from '../../email/test-smtp-server.test-support';
import { reviewLinkPaths } from '../../../domain/reviews/review-paths';
import { toNamedFields } from '../../../domain/quote/quote';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { openPostgresDatabase } from '../../sql/database';
import { migrateToLatest } from '../../sql/migrate';
import { inboxPage, startTestServer, storeQuote, type TestServer } from '../test-server.test-support';

// A done job's review emails as a customer gets them, over a real SMTP server on loopback: the ask
// REVIEW_ASK_AFTER_HOURS after the job is marked done, one reminder a week on if the link was not
// followed, and nothing after that; and never to an address that said stop or was erased, nor about a
// job no longer done, lost, or held as spam.

const office = 'office@example.co.uk';
const hour = 3_600_000;
const day = 24 * hour;
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

const move = async (server: TestServer, id: string, from: QuoteStatus, to: QuoteStatus, extra: Record<string, unknown> = {}) => {
  const response = await fetch(`${server.url}/api/quote-requests/${id}/activity`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: server.staffCookie },
    body: JSON.stringify({ kind: 'status-moved', from, to, ...extra }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
};

/** Through the steps a job takes to done. */
const finish = async (server: TestServer, id: string) => {
  for (const [from, to] of [['new', 'contacted'], ['contacted', 'won'], ['won', 'done']] as const) await move(server, id, from, to);
};

const toCustomer = (emails: readonly ParsedEmail[], address: string) => emails.filter((email) => email.to.includes(address));
const reviewsTo = (emails: readonly ParsedEmail[], address: string) => toCustomer(emails, address).filter((email) => email.subject === reviewCopy.subject || email.subject === reviewCopy.reminderSubject);
/** When the request's log says its review was first asked, reminded and opened, as ISO times; null for what has not happened. */
async function reviewOf(server: TestServer, id: string) {
  const quote = (await inboxPage(server)).quotes.find((found) => found.id === id);
  const at = (kind: 'review-asked' | 'review-reminded' | 'review-opened') => quote?.activity.find((entry) => entry.kind === kind)?.at ?? null;
  return { asked_at: at('review-asked'), reminded_at: at('review-reminded'), opened_at: at('review-opened') };
}

async function withServer(kind: 'sqlite' | 'postgres', use: (server: TestServer, smtp: Awaited<ReturnType<typeof startTestSmtpServer>>, clock: ReturnType<typeof manualClock>) => Promise<void>) {
  const smtp = await startTestSmtpServer();
  const clock = manualClock();
  const server = await startTestServer(kind, { now: clock.now, realTimeSessions: true, customerLinks: true, mail: { smtpUrl: smtp.url, to: office, onTestClock: true } });
  try {
    await use(server, smtp, clock);
  } finally {
    await server.stop();
    await smtp.stop();
  }
}

for (const kind of ['sqlite', 'postgres'] as const) {
  test(`${kind}: two days after Done one review email, a week on one reminder, then nothing; each with its link and "stop"`, async () => {
    await withServer(kind, async (server, smtp, clock) => {
      const customer = 'tom.okafor@example.co.uk';
      const { id } = await storeQuote(server, { name: 'Tom Okafor', email: customer, service_type: 'heating' });
      await smtp.waitFor(2, 5_000);
      await finish(server, id);

      clock.time += 47 * hour;
      await settle();
      expect(reviewsTo(smtp.messages, customer)).toEqual([]);

      clock.time += 1 * hour;
      await smtp.waitFor(3, 5_000);
      const [ask] = reviewsTo(smtp.messages, customer);
      const links = reviewLinkPaths(server.customerToken(id));
      expect(ask?.subject).toBe(reviewCopy.subject);
      expect(ask?.text).toContain('Hello Tom,');
      expect(ask?.text).toContain(`${reviewCopy.leaveReview}: ${server.url}${links.leaveReview}`);
      expect(ask?.text).toContain(`${reviewCopy.stop}: ${server.url}${links.stop}`);
      expect(ask?.replyTo).toEqual([office]);
      // One link to the review, through our server; no picture that tells us it was opened.
      expect(ask?.html).toContain(`href="${server.url}${links.leaveReview}"`);
      expect(ask?.html).not.toMatch(/<img/i);
      expect(ask?.headers).toContainEqual({ key: 'list-unsubscribe', value: `<${server.url}${links.stop}>` });
      expect(ask?.headers).toContainEqual({ key: 'list-unsubscribe-post', value: 'List-Unsubscribe=One-Click' });
      await expect.poll(async () => (await reviewOf(server, id)).asked_at).toBe(new Date(clock.time).toISOString());

      clock.time += 7 * day;
      await smtp.waitFor(4, 5_000);
      expect(reviewsTo(smtp.messages, customer).map((email) => email.subject)).toEqual([reviewCopy.subject, reviewCopy.reminderSubject]);
      expect(reviewsTo(smtp.messages, customer)[1]?.text).toContain(reviewCopy.noMore);
      await expect.poll(async () => (await reviewOf(server, id)).reminded_at).not.toBeNull();

      for (const days of [7, 30, 365]) {
        clock.time += days * day;
        await settle();
      }
      expect(reviewsTo(smtp.messages, customer)).toHaveLength(2);
    });
  });

  test(`${kind}: a customer who follows the link is sent on to the review page, staff see it opened, and no reminder follows`, async () => {
    await withServer(kind, async (server, smtp, clock) => {
      const customer = 'grace.hughes@example.co.uk';
      const { id } = await storeQuote(server, { name: 'Grace Hughes', email: customer });
      await smtp.waitFor(2, 5_000);
      await finish(server, id);
      clock.time += 48 * hour;
      await smtp.waitFor(3, 5_000);

      const followed = await fetch(`${server.url}${reviewLinkPaths(server.customerToken(id)).leaveReview}`, { redirect: 'manual' });
      expect(followed.status).toBe(302);
      expect(followed.headers.get('location')).toBe(writeReviewUrl);
      expect(followed.headers.get('referrer-policy')).toBe('no-referrer');
      await expect.poll(async () => (await reviewOf(server, id)).opened_at).toBe(new Date(clock.time).toISOString());

      clock.time += 8 * day;
      await settle();
      expect(reviewsTo(smtp.messages, customer)).toHaveLength(1);
      // Taken back, not waiting for ever: nothing of the customer's is left to send.
      expect((await (await fetch(`${server.url}/readyz`)).json()) as unknown).toMatchObject({ outbox: { pending: 0 } });
    });
  });

  test(`${kind}: never asked: an address that said stop (with scripts off), one erased, a job back to won or lost, one held as spam`, async () => {
    await withServer(kind, async (server, smtp, clock) => {
      const [stopped, erased, backToWon, lost] = ['stopped', 'erased', 'back', 'lost'].map((name) => `${name}.${randomUUID().slice(0, 8)}@example.co.uk`) as [string, string, string, string];

      // "Stop review emails", from an earlier job's email: the page's one button, as a plain form post.
      const earlier = await storeQuote(server, { name: 'Said Stop', email: stopped });
      await finish(server, earlier.id);
      const stopPath = reviewLinkPaths(server.customerToken(earlier.id)).stop;
      const page = await fetch(`${server.url}${stopPath}`);
      expect(page.status).toBe(200);
      const form = await page.text();
      // It posts back to its own address, whatever path the host serves it under.
      expect(form).toContain('<form method="post">');
      expect(form).toContain(`<button type="submit">${reviewCopy.stopPage.confirm}</button>`);
      const posted = await fetch(`${server.url}${stopPath}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
      expect(posted.status).toBe(200);
      expect(await posted.text()).toContain(`<h1>${reviewCopy.stopPage.doneTitle}</h1>`);
      // The customer's page, with scripts, asks the same for JSON: a second stop changes nothing.
      const again = await fetch(`${server.url}${stopPath}`, { method: 'POST', headers: { accept: 'application/json' } });
      expect(await again.json()).toEqual({ stopped: true });
      // Their next job, under the same address written another way.
      const next = await storeQuote(server, { name: 'Said Stop', email: stopped.toUpperCase() });
      await finish(server, next.id);

      // A customer whose data was erased, then who sent another request.
      const first = await storeQuote(server, { name: 'Was Erased', email: erased });
      const erasing = await fetch(`${server.url}/api/customer-data`, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', cookie: server.staffCookie },
        body: JSON.stringify({ email: erased, confirm: erased }),
      });
      expect(erasing.status, await erasing.clone().text()).toBe(200);
      expect(first.id).toBeTruthy();
      const after = await storeQuote(server, { name: 'Was Erased', email: erased });
      await finish(server, after.id);

      // A job marked done too soon and taken back to won; another done, back to won, then lost.
      const back = await storeQuote(server, { name: 'Back To Won', email: backToWon });
      await finish(server, back.id);
      await move(server, back.id, 'done', 'won');
      const gone = await storeQuote(server, { name: 'Then Lost', email: lost });
      await finish(server, gone.id);
      await move(server, gone.id, 'done', 'won');
      await move(server, gone.id, 'won', 'lost');

      for (const days of [2, 7, 30]) {
        clock.time += days * day;
        await settle();
      }
      for (const address of [stopped, erased, backToWon, lost]) expect(reviewsTo(smtp.messages, address), address).toEqual([]);
      expect((await (await fetch(`${server.url}/readyz`)).json()) as unknown).toMatchObject({ outbox: { pending: 0 } });
    });
  });
  test(`${kind}: a request sent with someone else's address stops nothing and opens nothing: its links answer as a dead link's, and that someone's own job is asked`, async () => {
    await withServer(kind, async (server, smtp, clock) => {
      const victim = `victim.${randomUUID().slice(0, 8)}@example.co.uk`;
      // Anyone can send a request with any address, and the 201 hands them its customer token.
      const sent = await fetch(`${server.url}/api/quote-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...toNamedFields(sampleQuote({ name: 'Not The Victim', email: victim })), form_token: await server.formToken() }),
      });
      expect(sent.status).toBe(201);
      const { id: planted, customer_token: token } = v.parse(v.object({ id: v.string(), customer_token: v.string() }), await sent.json());
      await smtp.waitFor(2, 5_000);
      const links = reviewLinkPaths(token);

      // A mail program's one-click stop (RFC 8058), the page's script, and the page that shows the button.
      const oneClick = await fetch(`${server.url}${links.stop}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(oneClick.status).toBe(404);
      expect(await oneClick.text()).toContain(reviewCopy.stopPage.notFound);
      const asJson = await fetch(`${server.url}${links.stop}`, { method: 'POST', headers: { accept: 'application/json' } });
      expect(asJson.status).toBe(404);
      expect(await asJson.json()).toMatchObject({ error: 'not-found' });
      expect((await fetch(`${server.url}${links.stop}`)).status).toBe(404);
      // The review link still sends whoever follows it on, and records nothing: the report's opened count stays.
      const followed = await fetch(`${server.url}${links.leaveReview}`, { redirect: 'manual' });
      expect(followed.status).toBe(302);
      expect(followed.headers.get('location')).toBe(writeReviewUrl);
      expect(await reviewOf(server, planted)).toEqual({ asked_at: null, reminded_at: null, opened_at: null });
      const report = await fetch(`${server.url}/api/report?period=this-month`, { headers: { cookie: server.staffCookie } });
      expect(await report.json()).toMatchObject({ total: { reviews_asked: 0, reviews_opened: 0 } });

      // The address's owner has a job done: they are asked, as anyone is.
      // (The business is emailed; the address had its one confirmation of the day.)
      const theirs = await storeQuote(server, { name: 'The Victim', email: victim });
      await smtp.waitFor(3, 5_000);
      await finish(server, theirs.id);
      clock.time += 48 * hour;
      await smtp.waitFor(4, 5_000);
      expect(reviewsTo(smtp.messages, victim).map(({ subject }) => subject)).toEqual([reviewCopy.subject]);
    });
  });

  test(`${kind}: "Stop review emails" on a well-formed token no request has is the one 404, shown or pressed`, async () => {
    await withServer(kind, async (server) => {
      const { stop } = reviewLinkPaths(randomBytes(32).toString('base64url'));
      const shown = await fetch(`${server.url}${stop}`);
      expect(shown.status).toBe(404);
      expect(await shown.text()).toContain(reviewCopy.stopPage.notFound);
      expect((await fetch(`${server.url}${stop}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(404);
    });
  });
}

test('a request held as spam and marked done is never asked', async () => {
  await withServer('sqlite', async (server, smtp, clock) => {
    const customer = 'held@example.co.uk';
    // The hidden field filled in: held in the Spam folder, thanked all the same.
    const { id } = await storeQuote(server, { name: 'Held As Spam', email: customer, website: 'http://spam.example' });
    const held = (await inboxPage(server, { view: 'spam' })).quotes.find((quote) => quote.id === id);
    expect(held?.activity.filter(({ kind }) => kind === 'spam-cleared')).toEqual([]);
    await finish(server, id);
    clock.time += 10 * day;
    await settle();
    expect(toCustomer(smtp.messages, customer)).toEqual([]);
  });
});

test('two servers on one PostgreSQL send each review email once', async () => {
  const smtp = await startTestSmtpServer();
  const clock = manualClock();
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `test_reviews_${randomUUID().replaceAll('-', '')}`;
  const admin = openPostgresDatabase(url);
  await admin.schema.createSchema(schema).execute();
  const shared = [openPostgresDatabase(url, { schema }), openPostgresDatabase(url, { schema })] as const;
  const servers: TestServer[] = [];
  try {
    await migrateToLatest(shared[0]);
    for (const db of shared) {
      servers.push(await startTestServer('postgres', { now: clock.now, realTimeSessions: true, alerts: { db }, customerLinks: true, mail: { smtpUrl: smtp.url, to: office, onTestClock: true, pollMs: 10 } }));
    }
    // Staff signed in last on the second (saving the account anew ends older sessions); both send.
    const [, one] = servers as [TestServer, TestServer];
    const customers = Array.from({ length: 12 }, (_, index) => `shared.${String(index)}@example.co.uk`);
    for (const email of customers) {
      const { id } = await storeQuote(one, { name: 'Shared Customer', email });
      await finish(one, id);
    }
    await smtp.waitFor(24, 10_000);
    clock.time += 48 * hour;
    await smtp.waitFor(36, 10_000);
    // Each ask recorded as sent before the week runs out, as a week gives time for.
    await expect.poll(async () => (await inboxPage(one)).quotes.filter((quote) => quote.activity.some(({ kind }) => kind === 'review-asked')).length, { timeout: 5_000 }).toBe(customers.length);
    clock.time += 7 * day;
    await smtp.waitFor(48, 10_000);
    await settle();
    for (const email of customers) expect(reviewsTo(smtp.messages, email).map(({ subject }) => subject), email).toEqual([reviewCopy.subject, reviewCopy.reminderSubject]);
  } finally {
    for (const server of servers) await server.stop();
    await smtp.stop();
    await admin.schema.dropSchema(schema).cascade().execute();
    await admin.destroy();
  }
});
