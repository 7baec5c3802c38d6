import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { request, testNow } from '../../inbox-test-data.test-support';
import { openCard, renderApp, testBackend } from '../../test-app.test-support';

// Folded, a card holds what the specification's card shows: what the job is, when it arrived, and
// the number and email as links; Details opens the rest.

const job = 'Combi boiler showing F28 and no hot water since this morning.\nFlat on Tooley Street, third floor, buzzer 3B; the gas meter is in the cupboard by the front door.';
// 12:05 UTC in July is 13:05 British Summer Time; 09:00 UTC in November is 09:00 GMT.
const summer = request('ada', 'Ada Lovelace', 0, { createdAt: new Date('2026-07-01T12:05:00Z'), description: job, email: 'ada@example.co.uk', phone: '07700 900123' });
const winter = request('tom', 'Tom Okafor', 0, { createdAt: new Date('2026-11-20T09:00:00Z'), email: null, phone: '020 7946 0381' });

function renderFolded() {
  return renderApp({ path: '/quotes?view=all', backend: testBackend({ store: new InMemoryQuoteRepository({ seed: [summer, winter] }) }), now: () => testNow });
}

const cardOf = async (name: string) => {
  const card = (await screen.findByRole('heading', { name })).closest('article');
  if (!(card instanceof HTMLElement)) throw new Error(`no card for ${name}`);
  expect(within(card).getByRole('button', { name: `Details, ${name}` }).getAttribute('aria-expanded')).toBe('false');
  return within(card);
};

test('folded, a card holds the whole description, which CSS draws in two lines', async () => {
  renderFolded();
  const ada = await cardOf('Ada Lovelace');

  const description = ada.getByText(/^Combi boiler showing F28/);
  // All of it is there for a screen reader and a search of the page; CSS draws the first two lines.
  expect(description.textContent).toBe(job);
  expect(description.className).toBe('quote-description');
  expect((await cardOf('Tom Okafor')).queryByText(/boiler/)).toBeNull();
});

test('folded, a card says when the request arrived as dd/mm/yyyy hh:mm in London time, in summer and in winter', async () => {
  renderFolded();

  const ada = (await cardOf('Ada Lovelace')).getByText('01/07/2026 13:05');
  expect(ada.tagName).toBe('TIME');
  expect(ada.getAttribute('dateTime')).toBe('2026-07-01T12:05:00.000Z');
  expect(ada.parentElement?.textContent).toBe(`${inboxCopy.card.received} 01/07/2026 13:05`);
  expect((await cardOf('Tom Okafor')).getByText('20/11/2026 09:00').getAttribute('dateTime')).toBe('2026-11-20T09:00:00.000Z');
});

test('folded, a card links the number to call and the email to write to, and no email where there is none', async () => {
  renderFolded();

  const ada = within((await cardOf('Ada Lovelace')).getByRole('list', { name: inboxCopy.contactDetails }));
  expect(ada.getByRole('link', { name: '07700 900123' }).getAttribute('href')).toBe('tel:+447700900123');
  expect(ada.getByRole('link', { name: 'ada@example.co.uk' }).getAttribute('href')).toBe('mailto:ada@example.co.uk');

  const tom = await cardOf('Tom Okafor');
  expect(within(tom.getByRole('list', { name: inboxCopy.contactDetails })).getByRole('link', { name: '020 7946 0381' }).getAttribute('href')).toBe('tel:+442079460381');
  expect(tom.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('mailto:'))).toEqual([]);
});

test('opened, the card shows its description and links once, not again in its details', async () => {
  const { user } = renderFolded();
  await openCard(user, 'Ada Lovelace');

  const card = screen.getByRole('heading', { name: 'Ada Lovelace' }).closest('article');
  if (!(card instanceof HTMLElement)) throw new Error('no card');
  expect(within(card).getAllByText(/^Combi boiler showing F28/)).toHaveLength(1);
  expect(within(card).getAllByRole('link', { name: 'ada@example.co.uk' })).toHaveLength(1);
  expect(within(card).getAllByRole('link', { name: '07700 900123' })).toHaveLength(1);
});
