import { expect, test } from 'vitest';
import { customerAuthor } from '../../domain/activity/actor';
import type { GuardedStep } from '../../domain/activity/activity';
import { business } from '../../domain/business';
import { quoteSettings } from '../../domain/quote-settings';
import { customerLinkPath } from '../../domain/customer-link/customer-link';
import { quoteCopy } from '../../domain/priced-quote/quote-copy';
import { formatPrice, type QuoteLine } from '../../domain/priced-quote/quote-pricing';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import type { ParsedEmail } from '../email/test-smtp-server.test-support';
import { startTestSmtpServer } from '../email/test-smtp-server.test-support';
import { SqlQuoteInbox } from '../sql/sql-quote-inbox';
import { inboxPage, startTestServer, storeQuote, type TestServer } from './test-server.test-support';

// A priced quote's emails as a customer gets them, over a real SMTP server on loopback: the quote
// sent, total first, with the way to their page; one follow-up QUOTE_FOLLOW_UP_DAYS (3) later if they
// have not answered, then nothing; the confirmation of a yes with everything they agreed to.

const office = 'office@example.co.uk';
const day = 24 * 3_600_000;
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

// £1,254.00 including VAT: 2 radiators at £450 and 6 hours at £22.50 (£1,035 + £207 VAT at 20%),
// and £12 of parts at 0% (no VAT). Gives £1,254.00.
const lines: QuoteLine[] = [
  { description: 'Replace two radiators', quantity: 2, unitPence: 45_000, vat: 'standard' },
  { description: 'Labour (hours)', quantity: 6, unitPence: 2_250, vat: 'standard' },
  { description: 'Valve tails', quantity: 1, unitPence: 1_200, vat: 'zero' },
];
const total = 125_400;
const validUntil = '2024-05-31';

const step = async (server: TestServer, id: string, body: Record<string, unknown>) => {
  const response = await fetch(`${server.url}/api/quote-requests/${id}/activity`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: server.staffCookie },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
};
const writeAndSend = async (server: TestServer, id: string, version: number, quoteLines: readonly QuoteLine[] = lines) => {
  await step(server, id, { kind: 'quote-written', version, lines: quoteLines, validUntil, vatRegistered: true, terms: quoteSettings.terms });
  await step(server, id, { kind: 'quote-sent', version });
};
/** A request from `email`, contacted, with version 1 of the quote sent to it now. */
const quoted = async (server: TestServer, email: string | null, name = 'Tom Okafor') => {
  const { id } = await storeQuote(server, { name, email: email ?? '' });
  await step(server, id, { kind: 'status-moved', from: 'new', to: 'contacted' });
  await writeAndSend(server, id, 1);
  return id;
};
/** The customer's answer, as their page records it: through the store's guard, by the customer. */
const answer = async (server: TestServer, id: string, answered: GuardedStep, at: Date) => {
  const outcome = await new SqlQuoteInbox(server.db, { notify: true }).record({ id, step: answered, by: customerAuthor, at });
  expect(outcome.outcome).toBe('recorded');
};

const to = (emails: readonly ParsedEmail[], address: string, subject: string) => emails.filter((email) => email.to.includes(address) && email.subject === subject);
const sentSubject = quoteCopy.emails.sentSubject(total, true);
const followUpSubject = quoteCopy.emails.followUpSubject;
const stepsOf = async (server: TestServer, id: string) => (await inboxPage(server)).quotes.find((quote) => quote.id === id)?.activity.map(({ kind }) => kind) ?? [];

async function withServer(kind: 'sqlite' | 'postgres', options: { quoteFollowUpDays?: number }, use: (server: TestServer, smtp: Awaited<ReturnType<typeof startTestSmtpServer>>, clock: ReturnType<typeof manualClock>) => Promise<void>) {
  const smtp = await startTestSmtpServer();
  // 10:00 London on 1 May 2024 (BST).
  const clock = manualClock('2024-05-01T09:00:00Z');
  const server = await startTestServer(kind, { now: clock.now, realTimeSessions: true, customerLinks: true, mail: { smtpUrl: smtp.url, to: office, onTestClock: true }, ...options });
  try {
    await use(server, smtp, clock);
  } finally {
    await server.stop();
    await smtp.stop();
  }
}

for (const kind of ['sqlite', 'postgres'] as const) {
  test(`${kind}: the quote sent is emailed total first with the customer's link; one follow-up 3 days on, then nothing; a yes is confirmed in full`, async () => {
    await withServer(kind, {}, async (server, smtp, clock) => {
      const customer = 'tom.okafor@example.co.uk';
      const id = await quoted(server, customer);
      await expect.poll(() => to(smtp.messages, customer, sentSubject).length, { timeout: 5_000 }).toBe(1);
      const [sent] = to(smtp.messages, customer, sentSubject);
      const link = `${server.url}${customerLinkPath(server.customerToken(id))}`;
      expect(sent?.subject).toBe(`Your quote from ${business.name}: £1,254.00 including VAT`);
      // The total first, after the greeting.
      expect(sent?.text.split('\n').slice(0, 3)).toEqual(['Hello Tom,', '', `${quoteCopy.totalIncludingVat}: £1,254.00`]);
      expect(sent?.text).toContain(`${quoteCopy.emails.read}: ${link}`);
      expect(sent?.text).toContain(quoteCopy.emails.validUntil(validUntil));
      expect(sent?.text).toContain('31 May 2024');
      expect(sent?.html).toContain(`href="${link}"`);
      expect(sent?.replyTo).toContain(office);

      // Three days on, no answer: one follow-up, recorded on the request by the system.
      clock.time += 3 * day - 60_000;
      await settle();
      expect(to(smtp.messages, customer, followUpSubject)).toEqual([]);
      clock.time += 60_000;
      await expect.poll(() => to(smtp.messages, customer, followUpSubject).length, { timeout: 5_000 }).toBe(1);
      const [followUp] = to(smtp.messages, customer, followUpSubject);
      expect(followUp?.text).toContain(quoteCopy.emails.followUp(total, validUntil));
      expect(followUp?.text).toContain(link);
      await expect.poll(() => stepsOf(server, id)).toContain('quote-followed-up');
      for (const days of [3, 7, 20]) {
        clock.time += days * day;
        await settle();
      }
      expect(to(smtp.messages, customer, followUpSubject)).toHaveLength(1);

      // Accepted, asking for an early start: the confirmation carries the whole contract.
      clock.time = Date.parse('2024-05-20T11:00:00Z');
      await answer(server, id, { kind: 'quote-accepted', version: 1, totalPence: total, earlyStart: true }, clock.now());
      const acceptedSubject = quoteCopy.emails.acceptedSubject(total);
      await expect.poll(() => to(smtp.messages, customer, acceptedSubject).length, { timeout: 5_000 }).toBe(1);
      const [confirmation] = to(smtp.messages, customer, acceptedSubject);
      const text = confirmation?.text ?? '';
      expect(text).toContain(quoteCopy.emails.acceptedIntro('2024-05-20'));
      expect(text).toContain('Replace two radiators: 2 × £450.00, VAT 20% = £900.00');
      expect(text).toContain('Labour (hours): 6 × £22.50, VAT 20% = £135.00');
      expect(text).toContain('Valve tails: 1 × £12.00, VAT 0% = £12.00');
      expect(text).toContain(`${quoteCopy.vatAtRate('standard')}: £207.00`);
      expect(text).toContain(`${quoteCopy.vatAtRate('zero')}: £0.00`);
      expect(text).toContain(`${quoteCopy.totalIncludingVat}: £1,254.00`);
      for (const term of quoteSettings.terms.split('\n')) expect(text).toContain(term);
      expect(text).toContain(quoteCopy.emails.earlyStart);
      expect(text).not.toContain(quoteCopy.emails.noEarlyStart);
      expect(text).toContain(quoteCopy.cancellation.heading);
      for (const paragraph of quoteCopy.cancellation.paragraphs) expect(text).toContain(paragraph);
      expect(text).toContain(quoteCopy.cancellation.formHeading);
      for (const line of quoteCopy.cancellation.form) expect(text).toContain(line);
      expect(confirmation?.html).toContain('Replace two radiators');
      expect(confirmation?.html).toContain(quoteCopy.cancellation.formHeading);
      expect((await inboxPage(server)).quotes.find((quote) => quote.id === id)).toMatchObject({ status: 'won' });
      // Nothing more: no second follow-up, no second confirmation.
      clock.time += 10 * day;
      await settle();
      expect(to(smtp.messages, customer, followUpSubject)).toHaveLength(1);
      expect(to(smtp.messages, customer, acceptedSubject)).toHaveLength(1);
      expect(to(smtp.messages, customer, sentSubject)).toHaveLength(1);
    });
  });

  test(`${kind}: no follow-up after an answer, none for a replaced version (the new one gets its own), none to a customer without an address`, async () => {
    await withServer(kind, {}, async (server, smtp, clock) => {
      const [accepting, declining, replaced] = ['accepting', 'declining', 'replaced'].map((name) => `${name}.${crypto.randomUUID().slice(0, 8)}@example.co.uk`) as [string, string, string];
      const accepted = await quoted(server, accepting);
      const declined = await quoted(server, declining);
      const replacing = await quoted(server, replaced);
      const silent = await quoted(server, null, 'No Email');
      for (const address of [accepting, declining, replaced]) await expect.poll(() => to(smtp.messages, address, sentSubject).length, { timeout: 5_000 }).toBe(1);

      // A day on: one says yes, one no (no early start asked); the third is sent a version 2 at £1,000.
      clock.time += day;
      await answer(server, accepted, { kind: 'quote-accepted', version: 1, totalPence: total, earlyStart: false }, clock.now());
      await answer(server, declined, { kind: 'quote-declined', version: 1, reason: 'price' }, clock.now());
      await writeAndSend(server, replacing, 2, [{ description: 'Replace two radiators', quantity: 2, unitPence: 41_667, vat: 'standard' }]);
      const secondSubject = quoteCopy.emails.sentSubject(100_001, true);
      await expect.poll(() => to(smtp.messages, replaced, secondSubject).length, { timeout: 5_000 }).toBe(1);
      expect(to(smtp.messages, replaced, secondSubject)[0]?.text).toContain(quoteCopy.emails.sentIntro(2));
      await expect.poll(() => to(smtp.messages, accepting, quoteCopy.emails.acceptedSubject(total)).length, { timeout: 5_000 }).toBe(1);
      expect(to(smtp.messages, accepting, quoteCopy.emails.acceptedSubject(total))[0]?.text).toContain(quoteCopy.emails.noEarlyStart);
      expect(to(smtp.messages, declining, quoteCopy.emails.acceptedSubject(total))).toEqual([]);

      // Version 1's follow-up would have gone now: nothing goes, to anyone.
      clock.time += 2 * day;
      await settle();
      for (const address of [accepting, declining, replaced]) expect(to(smtp.messages, address, followUpSubject), address).toEqual([]);
      // Version 2's own, three days after it went, about it.
      clock.time += day;
      await expect.poll(() => to(smtp.messages, replaced, followUpSubject).length, { timeout: 5_000 }).toBe(1);
      expect(to(smtp.messages, replaced, followUpSubject)[0]?.text).toContain(formatPrice(100_001));
      for (const days of [3, 10]) {
        clock.time += days * day;
        await settle();
      }
      expect(to(smtp.messages, replaced, followUpSubject)).toHaveLength(1);
      for (const address of [accepting, declining]) expect(to(smtp.messages, address, followUpSubject), address).toEqual([]);
      const log = await stepsOf(server, replacing);
      expect(log.filter((entry) => entry === 'quote-followed-up')).toHaveLength(1);
      expect(log).toContain('quote-replaced');
      for (const id of [accepted, declined, silent]) expect(await stepsOf(server, id)).not.toContain('quote-followed-up');
      // The customer with no address got nothing, and nothing of theirs waits in the outbox.
      expect(smtp.messages.filter((email) => email.subject.includes(formatPrice(total)) && !([accepting, declining, replaced] as string[]).some((address) => email.to.includes(address)))).toEqual([]);
      const waiting = await server.db.selectFrom('notifications').select('kind').where('quote_id', '=', silent).where('sent_at', 'is', null).execute();
      expect(waiting).toEqual([]);
    });
  });

  test(`${kind}: with QUOTE_FOLLOW_UP_DAYS 0 the quote goes and no follow-up ever does`, async () => {
    await withServer(kind, { quoteFollowUpDays: 0 }, async (server, smtp, clock) => {
      const customer = 'no.follow.up@example.co.uk';
      const id = await quoted(server, customer);
      await expect.poll(() => to(smtp.messages, customer, sentSubject).length, { timeout: 5_000 }).toBe(1);
      for (const days of [3, 4, 30]) {
        clock.time += days * day;
        await settle();
      }
      expect(to(smtp.messages, customer, followUpSubject)).toEqual([]);
      expect(await stepsOf(server, id)).not.toContain('quote-followed-up');
      expect(await server.db.selectFrom('notifications').select('kind').where('quote_id', '=', id).where('kind', '=', 'quote-follow-up').execute()).toEqual([]);
    });
  });
}
