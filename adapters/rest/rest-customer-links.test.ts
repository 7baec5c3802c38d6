import { Hono } from 'hono';
import { expect, test } from 'vitest';
import type { StaffStep } from '../../domain/activity/activity';
import { newCustomerToken } from '../../domain/customer-link/customer-link';
import { quoteCopy } from '../../domain/priced-quote/quote-copy';
import { sampleInboxQuote } from '../../fixtures/sample-request.test-support';
import { InMemoryQuoteRepository } from '../memory/in-memory-quote-repository';
import { customerLinkApi } from '../server/customer-link/customer-link-api';
import { noRateLimit } from '../server/http/rate-limit';
import { RestCustomerLinks } from './rest-customer-links';

// The customer's answer to their quote from the page's script, as the demo runs it: the REST client
// over the API's own routes in the page, over the store in memory.

const now = new Date('2026-11-20T09:00:00Z');

async function quoted() {
  const token = newCustomerToken();
  const store = new InMemoryQuoteRepository({
    now: () => now,
    seed: [{ ...sampleInboxQuote({ name: 'Tom Okafor', status: 'contacted', respondedAt: new Date('2026-11-19T10:00:00Z'), createdAt: new Date('2026-11-19T09:00:00Z') }), customerToken: token }],
  });
  const found = await store.findByToken(token);
  if (!found) throw new Error('The seeded request has no link');
  const record = async (step: StaffStep) => {
    const outcome = await store.record({ id: found.id, step, by: 'sam.porter@se1plumbing.example', at: new Date('2026-11-19T12:00:00Z') });
    if (outcome.outcome !== 'recorded') throw new Error(`${step.kind} not recorded`);
  };
  const send = async (version: number, unitPence: number) => {
    await record({ kind: 'quote-written', version, lines: [{ description: 'Combi boiler, fitted', quantity: 1, unitPence, vat: 'standard' }], validUntil: '2026-12-20', vatRegistered: true, terms: '' });
    await record({ kind: 'quote-sent', version });
  };
  await send(1, 104_500);
  const accepted: number[] = [];
  const api = new Hono().route(
    '/',
    customerLinkApi({
      links: store,
      reminders: { inbox: store, reminderOptOuts: store.reminderOptOuts },
      alert: { customerWrote: () => Promise.resolve() },
      quoteAccepted: { quoteAccepted: (_quote, totalPence) => Promise.resolve(void accepted.push(totalPence)) },
      logger: { error: () => undefined },
      now: () => now,
      limits: { views: noRateLimit, changes: noRateLimit },
      clientKey: () => 'this page',
    }),
  );
  const links = new RestCustomerLinks({ baseUrl: 'http://localhost', fetch: (input, init) => Promise.resolve(api.fetch(new Request(input, init))) });
  return { token, store, links, send, accepted };
}

test('accepting from the page wins the job at its total, and a second press is told it was accepted already, with the page as it stands', async () => {
  const { token, links, accepted } = await quoted();
  const answer = await links.answerQuote(token, 'accept', { version: 1, earlyStart: true, reason: '' });
  expect(answer.ok && answer.view.status).toBe('won');
  expect(answer.ok && answer.view.quotes[0]?.answer).toMatchObject({ kind: 'accepted', totalPence: 125_400, earlyStart: true });
  expect(accepted).toEqual([125_400]);
  const again = await links.answerQuote(token, 'accept', { version: 1, earlyStart: false, reason: '' });
  expect(again).toMatchObject({ ok: false, error: { kind: 'refused', message: quoteCopy.answeredAlready.accepted, view: { status: 'won' } } });
});

test('a reason not on the list is named; a version replaced is refused with the newer one shown; a token unknown is not found', async () => {
  const { token, links, send } = await quoted();
  expect(await links.answerQuote(token, 'decline', { version: 1, earlyStart: false, reason: 'too-dear' })).toEqual({
    ok: false,
    error: { kind: 'invalid-answer', field: 'reason', message: 'Choose a reason from the list, or none' },
  });
  await send(2, 99_000);
  const refused = await links.answerQuote(token, 'decline', { version: 1, earlyStart: false, reason: 'price' });
  expect(refused).toMatchObject({ ok: false, error: { kind: 'refused', message: quoteCopy.replaced(2) } });
  expect(!refused.ok && refused.error.kind === 'refused' && refused.error.view.quotes.map(({ version }) => version)).toEqual([2, 1]);
  expect(await links.answerQuote(newCustomerToken(), 'accept', { version: 1, earlyStart: false, reason: '' })).toEqual({ ok: false, error: { kind: 'not-found' } });
});

test("a message or a reminder the server refuses is told in the server's own words, naming what was wrong", async () => {
  const { token, links } = await quoted();
  const message = await links.sendMessage(token, ' ');
  expect(message).toEqual({ ok: false, error: { kind: 'invalid-message', message: 'Write your message before sending it' } });
  const remind = await links.remind(token, 'window-cleaning');
  expect(remind).toEqual({ ok: false, error: { kind: 'invalid-service', message: 'Choose Boiler service or Landlord gas safety check' } });
});
