import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import type { Activity } from '../../../domain/activity/activity';
import { customerAuthor } from '../../../domain/activity/actor';
import { pricedQuotesOf } from '../../../domain/priced-quote/priced-quote';
import { answered, minutesBefore, request, testNow } from '../../inbox-test-data.test-support';
import { openCard, renderApp, storedQuotes, storeWithSteps, testBackend } from '../../test-app.test-support';

const sam = 'sam@example.co.uk';
const ada = answered(request('ada', 'Ada Lovelace', 600), 500, 'contacted');

const card = async (name: string) => {
  const found = (await screen.findByRole('heading', { name })).closest('article');
  if (!(found instanceof HTMLElement)) throw new Error(`no card for ${name}`);
  return within(found);
};

/** Opens the request's card and its quote panel, and waits for the editor to load. */
async function openQuote(user: ReturnType<typeof renderApp>['user'], name: string, title = 'Quote') {
  await openCard(user, name);
  const opened = await card(name);
  await user.click(opened.getByText(title, { selector: 'summary' }));
  await opened.findByText(/^Version \d/);
  return opened;
}

const combi = { description: 'New combi boiler fitted', quantity: 1, unitPence: 104_500, vat: 'standard' } as const;
/** Version 1 of a quote of £1,254.00 (£1,045.00 and VAT at 20%), written and sent two days before the test, then viewed. */
const sentAndViewed: Activity[] = [
  { kind: 'quote-written', version: 1, lines: [combi], validUntil: '2026-12-18', vatRegistered: true, terms: 'Our terms.', id: 'w1', by: sam, at: minutesBefore(2 * 24 * 60 + 10) },
  { kind: 'quote-sent', version: 1, id: 's1', by: sam, at: minutesBefore(2 * 24 * 60) },
  { kind: 'quote-viewed', version: 1, id: 'v1', by: customerAuthor, at: minutesBefore(24 * 60) },
];
const quoted = { ...answered(request('tom', 'Tom Okafor', 4000), 3900, 'quoted') };

test('a quote is written, a problem named on its field with what was typed kept, saved as a draft, sent, and replaced by version 2', async () => {
  const store = new InMemoryQuoteRepository({ seed: [ada] });
  const { user } = renderApp({ path: '/quotes?view=all', backend: testBackend({ store }), now: () => testNow });
  const opened = await openQuote(user, 'Ada Lovelace');
  expect(opened.getByText('Version 1, draft')).toBeTruthy();
  // Valid for 30 days unless staff say otherwise; the business's terms are shown as they go.
  expect(opened.getByLabelText<HTMLInputElement>('Valid until').value).toBe('2026-12-20');
  expect(opened.getByText('All work carries our 12-month guarantee on parts and labour.')).toBeTruthy();
  expect(opened.getByText(/emails ada@example\.co\.uk a link/)).toBeTruthy();

  const line1 = within(opened.getByRole('group', { name: 'Line 1' }));
  await user.type(line1.getByLabelText('Work'), 'Thermostatic radiator valve');
  await user.clear(line1.getByLabelText('Quantity'));
  await user.type(line1.getByLabelText('Quantity'), '2');
  await user.type(line1.getByLabelText('Unit price before VAT (£)'), '45.50');
  await user.click(opened.getByRole('button', { name: 'Add a line' }));
  const line2 = within(opened.getByRole('group', { name: 'Line 2' }));
  await user.type(line2.getByLabelText('Work'), 'Labour');
  await user.type(line2.getByLabelText('Unit price before VAT (£)'), '12O');
  await user.selectOptions(line2.getByLabelText('VAT rate'), '5%');

  // The second line's unit price is not an amount: it is named there, and what was typed stays.
  await user.click(opened.getByRole('button', { name: 'Save draft' }));
  const unit2 = line2.getByLabelText<HTMLInputElement>('Unit price before VAT (£)');
  expect(unit2.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(unit2.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Line 2: Write the unit price in pounds, such as 450 or 1,250.50');
  expect(unit2.value).toBe('12O');
  expect(document.activeElement).toBe(unit2);
  expect(line1.getByLabelText<HTMLInputElement>('Work').value).toBe('Thermostatic radiator valve');
  expect(pricedQuotesOf((await storedQuotes(store))[0]?.activity ?? [])).toEqual([]);

  // A problem the draft's own rules find is named on its field too: the first line's description.
  await user.clear(line1.getByLabelText('Work'));
  await user.clear(unit2);
  await user.type(unit2, '120');
  await user.click(opened.getByRole('button', { name: 'Save draft' }));
  expect(line1.getByLabelText('Work').getAttribute('aria-invalid')).toBe('true');
  expect(opened.getByText('Line 1: Describe the work on this line')).toBeTruthy();
  expect(unit2.getAttribute('aria-invalid')).toBe('false');
  await user.type(line1.getByLabelText('Work'), 'Thermostatic radiator valve');

  // Live totals: 2 × £45.50 at 20% and £120 at 5%, the total first.
  const totals = within(opened.getByText('Total including VAT').closest('dl') as HTMLElement);
  expect(totals.getByText('£235.20')).toBeTruthy();
  expect(totals.getByText('£211.00')).toBeTruthy();
  expect(totals.getByText('VAT at 20%').nextElementSibling?.textContent).toBe('£18.20');
  expect(totals.getByText('VAT at 5%').nextElementSibling?.textContent).toBe('£6.00');

  await user.click(opened.getByRole('button', { name: 'Save draft' }));
  expect(await within(screen.getByRole('status')).findByText('Quote version 1 written: £235.20')).toBeTruthy();
  const [draft] = pricedQuotesOf((await storedQuotes(store))[0]?.activity ?? []);
  expect(draft).toMatchObject({ version: 1, sentAt: null, validUntil: '2026-12-20', lines: [{ quantity: 2, unitPence: 4550, vat: 'standard' }, { description: 'Labour', quantity: 1, unitPence: 12_000, vat: 'reduced' }] });
  expect(opened.getByText('Quote: £235.20 draft', { selector: 'summary' })).toBeTruthy();

  // Written again, it is the same version; sent, it is read only with where it stands.
  await user.clear(line1.getByLabelText('Quantity'));
  await user.type(line1.getByLabelText('Quantity'), '1');
  await user.click(opened.getByRole('button', { name: 'Send to customer' }));
  expect(await opened.findByText('Version 1, sent')).toBeTruthy();
  expect(document.activeElement).toBe(opened.getByText('Version 1, sent'));
  expect(opened.getAllByText('£180.60 sent 20 Nov · no answer')).toHaveLength(2);
  expect(opened.queryByRole('button', { name: 'Save draft' })).toBeNull();
  const stored = (await storedQuotes(store))[0];
  expect(stored?.status).toBe('quoted');
  expect(pricedQuotesOf(stored?.activity ?? []).map((version) => [version.version, version.price.totalPence, version.sentAt !== null])).toEqual([[1, 18_060, true]]);

  // Replaced: version 2 starts from version 1, and once sent version 1 says what replaced it.
  await user.click(opened.getByRole('button', { name: 'Replace with a new version' }));
  expect(opened.getByText('Version 2, draft')).toBeTruthy();
  const next1 = within(opened.getByRole('group', { name: 'Line 1' }));
  expect(next1.getByLabelText<HTMLInputElement>('Work').value).toBe('Thermostatic radiator valve');
  expect(next1.getByLabelText<HTMLInputElement>('Unit price before VAT (£)').value).toBe('45.50');
  await user.click(within(opened.getByRole('group', { name: 'Line 2' })).getByRole('button', { name: 'Remove line 2' }));
  await user.click(opened.getByRole('button', { name: 'Send to customer' }));
  expect(await opened.findByText('Version 2, sent')).toBeTruthy();
  expect(opened.getByText('Version 1: £180.60 · 20 Nov · Replaced by version 2')).toBeTruthy();
  expect(opened.getAllByText('£54.60 sent 20 Nov · no answer')).toHaveLength(2);
});

test('a draft someone else replaced first is refused, said as the API says it, and what was typed stays', async () => {
  const store = new InMemoryQuoteRepository({ seed: [ada] });
  const { user } = renderApp({ path: '/quotes?view=all', backend: testBackend({ store }), now: () => testNow });
  const opened = await openQuote(user, 'Ada Lovelace');
  const line1 = within(opened.getByRole('group', { name: 'Line 1' }));
  await user.type(line1.getByLabelText('Work'), 'Power flush');
  await user.type(line1.getByLabelText('Unit price before VAT (£)'), '400');

  // A colleague writes and sends version 1 meanwhile.
  await store.record({ id: 'ada', step: { kind: 'quote-written', version: 1, lines: [combi], validUntil: '2026-12-18', vatRegistered: true, terms: 'Our terms.' }, by: sam, at: minutesBefore(1) });
  await store.record({ id: 'ada', step: { kind: 'quote-sent', version: 1 }, by: sam, at: minutesBefore(1) });
  await user.click(opened.getByRole('button', { name: 'Send to customer' }));
  expect(await opened.findByRole('alert')).toHaveProperty('textContent', 'Someone has already changed this quote: write version 2');
  expect(line1.getByLabelText<HTMLInputElement>('Work').value).toBe('Power flush');
  const versions = pricedQuotesOf((await storedQuotes(store))[0]?.activity ?? []);
  expect(versions.map((version) => version.price.totalPence)).toEqual([125_400]);
  // The colleague's version shows above; saved now, what was typed is the next version.
  expect(opened.getByText('Version 1, sent')).toBeTruthy();
  expect(opened.getByText('Version 2, draft')).toBeTruthy();
  await user.click(opened.getByRole('button', { name: 'Save draft' }));
  expect(await within(screen.getByRole('status')).findByText('Quote version 2 written: £480.00')).toBeTruthy();
  expect(opened.queryByRole('alert')).toBeNull();
});

test('a customer who gave no email address is told the quote only through their page', async () => {
  const store = new InMemoryQuoteRepository({ seed: [{ ...ada, email: null }] });
  const { user } = renderApp({ path: '/quotes?view=all', backend: testBackend({ store }), now: () => testNow });
  const opened = await openQuote(user, 'Ada Lovelace');
  expect(opened.getByText(/gave no email address: the quote is on their page only\. Give them their link/)).toBeTruthy();
  expect(opened.queryByText(/emails .* a link/)).toBeNull();
});

test('folded, a card sent a quote says where it stands, as the Quoted view reads it; one never sent says nothing', async () => {
  const store = await storeWithSteps([quoted, ada], { tom: sentAndViewed, ada: sentAndViewed.slice(0, 1) });
  renderApp({ path: '/quotes?view=quoted', backend: testBackend({ store }), now: () => testNow });
  const tom = await card('Tom Okafor');
  expect(tom.getByText('£1,254.00 sent 18 Nov · viewed · no answer').className).toBe('quote-standing');
  expect(tom.getByRole('button', { name: 'Details, Tom Okafor' }).getAttribute('aria-expanded')).toBe('false');
  renderApp({ path: '/quotes?view=contacted', backend: testBackend({ store }), now: () => testNow });
  expect((await card('Ada Lovelace')).queryByText(/sent/)).toBeNull();
});

test('a quote sent and viewed is read only, with its lines and its terms as written, and can be replaced', async () => {
  const store = await storeWithSteps([quoted], { tom: sentAndViewed });
  const { user } = renderApp({ path: '/quotes?view=quoted', backend: testBackend({ store }), now: () => testNow });
  const opened = await openQuote(user, 'Tom Okafor', 'Quote: £1,254.00 sent 18 Nov · viewed · no answer');
  const row = opened.getByRole('row', { name: /New combi boiler fitted/ });
  expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['New combi boiler fitted', '1', '£1,045.00', '20%', '£1,045.00']);
  expect(opened.getByText('Valid until 18 December 2026')).toBeTruthy();
  expect(opened.getByText('Our terms.')).toBeTruthy();
  expect(opened.queryByRole('button', { name: 'Save draft' })).toBeNull();
  await user.click(opened.getByRole('button', { name: 'Replace with a new version' }));
  await user.click(opened.getByRole('button', { name: 'Keep the version sent' }));
  expect(opened.queryByText('Version 2, draft')).toBeNull();
  expect(opened.getByRole('button', { name: 'Replace with a new version' })).toBeTruthy();
});

test('a job won by the customer accepting its quote reads the quote accepted, and offers no new version', async () => {
  const won = { ...answered(request('kim', 'Kim Walsh', 4000), 3900, 'quoted') };
  const accepted: Activity = { kind: 'quote-accepted', version: 1, totalPence: 125_400, earlyStart: true, id: 'a1', by: customerAuthor, at: minutesBefore(60) };
  const store = await storeWithSteps([won], { kim: [...sentAndViewed, accepted] });
  await store.record({ id: 'kim', step: { kind: 'status-moved', from: 'quoted', to: 'won', wonPence: 125_400 }, by: customerAuthor, at: minutesBefore(60) });
  const { user } = renderApp({ path: '/quotes?view=won', backend: testBackend({ store }), now: () => testNow });
  expect((await card('Kim Walsh')).getByText('£1,254.00 sent 18 Nov · accepted')).toBeTruthy();
  const opened = await openQuote(user, 'Kim Walsh', 'Quote: £1,254.00 sent 18 Nov · accepted');
  expect(opened.getByText('Version 1, sent')).toBeTruthy();
  expect(opened.queryByRole('button', { name: 'Replace with a new version' })).toBeNull();
  expect(opened.queryByRole('button', { name: 'Save draft' })).toBeNull();
});

test("a valid-until day gone is named on its field, the lines as typed kept, and nothing is recorded", async () => {
  const store = new InMemoryQuoteRepository({ seed: [ada] });
  const { user } = renderApp({ path: '/quotes?view=all', backend: testBackend({ store }), now: () => testNow });
  const opened = await openQuote(user, 'Ada Lovelace');
  const line1 = within(opened.getByRole('group', { name: 'Line 1' }));
  await user.type(line1.getByLabelText('Work'), 'Power flush');
  await user.type(line1.getByLabelText('Unit price before VAT (£)'), '400');
  const validUntil = opened.getByLabelText<HTMLInputElement>('Valid until');
  await user.clear(validUntil);
  await user.type(validUntil, '2026-11-19');
  await user.click(opened.getByRole('button', { name: 'Send to customer' }));
  expect(validUntil.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(validUntil.getAttribute('aria-describedby') ?? '')?.textContent).toBe('The valid-until day must be today or later');
  expect(document.activeElement).toBe(validUntil);
  expect(line1.getByLabelText<HTMLInputElement>('Work').value).toBe('Power flush');
  expect(pricedQuotesOf((await storedQuotes(store))[0]?.activity ?? [])).toEqual([]);
});
