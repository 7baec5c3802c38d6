import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import type { StaffStep } from '../../../domain/activity/activity';
import { customerAuthor } from '../../../domain/activity/actor';
import { newCustomerToken } from '../../../domain/customer-link/customer-link';
import { quoteCopy } from '../../../domain/priced-quote/quote-copy';
import { sampleInboxQuote } from '../../../fixtures/sample-request.test-support';
import { customerLinksOver } from '../../app/backends/customer-links.test-support';
import { recordingLogger, renderApp, testBackend } from '../../test-app.test-support';

// Friday 20 November 2026, 09:00 in London.
const now = () => new Date('2026-11-20T09:00:00Z');
const staff = 'sam.porter@se1plumbing.example';

/** The customer's page over the memory store, once staff have written and sent the given versions. */
async function quotePage({ versions = [{ validUntil: '2026-12-20' }], urgent = false, path = (token: string) => `/r/${token}` }: { versions?: { validUntil: string; unitPence?: number }[]; urgent?: boolean; path?: (token: string) => string } = {}) {
  const token = newCustomerToken();
  const store = new InMemoryQuoteRepository({
    now,
    seed: [{ ...sampleInboxQuote({ name: 'Tom Okafor', urgent, status: 'contacted', respondedAt: new Date('2026-11-19T10:00:00Z'), createdAt: new Date('2026-11-19T09:00:00Z') }), customerToken: token }],
  });
  const found = await store.findByToken(token);
  if (!found) throw new Error('The seeded request has no link');
  const record = async (step: StaffStep, at = new Date('2026-11-19T12:00:00Z')) => {
    const outcome = await store.record({ id: found.id, step, by: staff, at });
    if (outcome.outcome !== 'recorded') throw new Error(`${step.kind} not recorded`);
  };
  const send = async (version: number, { validUntil, unitPence = 104_500 }: { validUntil: string; unitPence?: number }, at?: Date) => {
    await record(
      {
        kind: 'quote-written',
        version,
        lines: [
          { description: 'Combi boiler, fitted', quantity: 1, unitPence, vat: 'standard' },
          { description: 'Magnetic filter', quantity: 2, unitPence: 5_000, vat: 'reduced' },
        ],
        validUntil,
        vatRegistered: true,
        terms: 'Payment on completion.',
      },
      at,
    );
    await record({ kind: 'quote-sent', version }, at);
  };
  for (const [index, version] of versions.entries()) await send(index + 1, version);
  const accepted: number[] = [];
  const customerLinkActions = customerLinksOver({
    links: store,
    inbox: store,
    reminderOptOuts: store.reminderOptOuts,
    logger: recordingLogger(),
    alert: { customerWrote: () => Promise.resolve() },
    quoteAccepted: { quoteAccepted: (_quote, totalPence) => Promise.resolve(void accepted.push(totalPence)) },
  });
  const rendered = renderApp({ path: path(token), backend: testBackend({ store, customerLinkActions }), now });
  const card = await screen.findByRole('region', { name: /^Your quote/ });
  return { store, token, id: found.id, accepted, send, card, ...rendered };
}

test('the quote reads total first, then its lines, VAT by rate, valid until, our VAT number, terms and the right to cancel', async () => {
  const { card } = await quotePage({ urgent: true });
  expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Your quote (version 1)');
  // 1 × £1,045.00 at 20% and 2 × £50.00 at 5%: £1,145.00 net, £209.00 + £5.00 VAT, £1,359.00 in all.
  const total = card.querySelector('.quote-total');
  expect(total?.textContent).toBe('Total including VAT£1,359.00');
  expect(card.textContent.indexOf('£1,359.00')).toBeLessThan(card.textContent.indexOf('Combi boiler'));
  const rows = within(card).getAllByRole('row').map((row) => row.textContent);
  expect(rows).toEqual([
    'WorkQtyUnit priceVATAmount',
    'Combi boiler, fitted1£1,045.0020%£1,045.00',
    'Magnetic filter2£50.005%£100.00',
    'Total before VAT£1,145.00',
    'VAT at 20%£209.00',
    'VAT at 5%£5.00',
    'Total including VAT£1,359.00',
  ]);
  expect(within(card).getByText('Valid until 20 December 2026')).toBeTruthy();
  expect(within(card).getByText(quoteCopy.vatNumber)).toBeTruthy();
  expect(within(card).getByText('Payment on completion.')).toBeTruthy();
  expect(within(card).getByRole('heading', { name: 'Your right to cancel' })).toBeTruthy();
  expect(within(card).getByText(quoteCopy.cancellation.urgent)).toBeTruthy();
  expect(within(card).getByRole('heading', { name: 'Model cancellation form' })).toBeTruthy();
  expect(within(card).getByRole('checkbox', { name: quoteCopy.earlyStart }).getAttribute('aria-describedby')).toBe('customer-quote-early-start-means');
  expect(within(card).getByText(quoteCopy.earlyStartMeans)).toBeTruthy();
  expect(within(card).getByRole('button', { name: 'Accept and agree to pay £1,359.00' })).toBeTruthy();
  expect(within(card).getByRole('button', { name: quoteCopy.print })).toBeTruthy();
  const reasons = within(within(card).getByRole('combobox', { name: quoteCopy.declineReason })).getAllByRole('option');
  expect(reasons.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
    ['', 'Rather not say'],
    ['price', 'The price'],
    ['went-elsewhere', 'I have chosen someone else'],
    ['other', 'Another reason'],
  ]);
});

test('a request not urgent is not told what the right to cancel leaves out', async () => {
  const { card } = await quotePage();
  expect(within(card).queryByText(quoteCopy.cancellation.urgent)).toBeNull();
});

test('accepted with the early start ticked: the job is won at the total, staff are alerted, and the page says so', async () => {
  const { user, card, store, token, accepted } = await quotePage();
  await user.click(within(card).getByRole('checkbox', { name: quoteCopy.earlyStart }));
  await user.click(within(card).getByRole('button', { name: 'Accept and agree to pay £1,359.00' }));
  expect(await screen.findByText(quoteCopy.toasts.accepted)).toBeTruthy();
  const answered = await screen.findByRole('region', { name: /^Your quote/ });
  expect(within(answered).getByText(quoteCopy.accepted(135_900, '2026-11-20'))).toBeTruthy();
  expect(within(answered).getByText(quoteCopy.acceptedEarly)).toBeTruthy();
  expect(within(answered).queryByRole('button', { name: /Accept and agree/ })).toBeNull();
  const quote = await store.findByToken(token);
  expect(quote?.status).toBe('won');
  expect(quote?.activity.findLast((entry) => entry.kind === 'quote-accepted')).toMatchObject({ version: 1, totalPence: 135_900, earlyStart: true, by: customerAuthor });
  expect(accepted).toEqual([135_900]);
});

test('"No thanks" with a reason loses the request with it, and the page says so', async () => {
  const { user, card, store, token, accepted } = await quotePage();
  await user.selectOptions(within(card).getByRole('combobox', { name: quoteCopy.declineReason }), 'went-elsewhere');
  await user.click(within(card).getByRole('button', { name: quoteCopy.decline }));
  expect(await screen.findByText(quoteCopy.toasts.declined)).toBeTruthy();
  expect(within(screen.getByRole('region', { name: /^Your quote/ })).getByText(quoteCopy.declined)).toBeTruthy();
  const quote = await store.findByToken(token);
  expect(quote?.status).toBe('lost');
  expect(quote?.activity.findLast((entry) => entry.kind === 'status-moved')).toMatchObject({ to: 'lost', lostReason: 'went-elsewhere' });
  expect(accepted).toEqual([]);
});

test('a version replaced while the page showed it is refused with why; the page then shows the new one, the tick kept, and lists the old', async () => {
  const { user, card, send, store, token } = await quotePage();
  await send(2, { validUntil: '2026-12-21', unitPence: 99_000 }, new Date('2026-11-20T08:59:00Z'));
  await user.click(within(card).getByRole('checkbox', { name: quoteCopy.earlyStart }));
  await user.click(within(card).getByRole('button', { name: 'Accept and agree to pay £1,359.00' }));
  const refused = await screen.findByText(quoteCopy.replaced(2));
  expect(refused.getAttribute('role')).toBe('alert');
  const shown = screen.getByRole('region', { name: /^Your quote/ });
  expect(within(shown).getByRole('heading', { level: 2 }).textContent).toBe('Your quote (version 2)');
  expect(within(shown).getByRole<HTMLInputElement>('checkbox', { name: quoteCopy.earlyStart }).checked).toBe(true);
  expect(within(shown).getByRole('button', { name: 'Accept and agree to pay £1,293.00' })).toBeTruthy();
  expect(within(within(shown).getByRole('region', { name: quoteCopy.olderVersions })).getByRole('listitem').textContent).toBe('Version 1 · £1,359.00 · Replaced by version 2');
  expect((await store.findByToken(token))?.status).toBe('quoted');
});

test('an expired quote says why, offers no answer, and "Ask for a new quote" sends us a message', async () => {
  const { user, card, store, token } = await quotePage({ versions: [{ validUntil: '2026-11-19' }] });
  expect(within(card).getByText(quoteCopy.expired('2026-11-19'))).toBeTruthy();
  expect(within(card).queryByRole('button', { name: /Accept and agree/ })).toBeNull();
  expect(within(card).queryByRole('button', { name: quoteCopy.decline })).toBeNull();
  await user.click(within(card).getByRole('button', { name: quoteCopy.askAgain }));
  expect(await screen.findByText(quoteCopy.toasts.askedAgain)).toBeTruthy();
  expect((await store.findByToken(token))?.notes.find((note) => note.by === customerAuthor)?.text).toBe(quoteCopy.askAgainMessage(1));
});

test('opening the page records the quote viewed, once', async () => {
  const { store, token } = await quotePage();
  const quote = await store.findByToken(token);
  expect(quote?.activity.filter((entry) => entry.kind === 'quote-viewed')).toMatchObject([{ version: 1, by: customerAuthor }]);
});
