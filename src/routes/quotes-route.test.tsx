import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import type { QuoteRepository } from '../../domain/ports';
import type { NewQuote, QuoteRequest } from '../../domain/quote';
import { renderApp, testBackend } from '../test-app';

const leak: NewQuote = {
  name: 'Priya Raman',
  email: 'priya@example.co.uk',
  phone: '07700 900123',
  serviceType: 'emergency',
  description: 'Water through the kitchen ceiling',
  urgent: true,
};
const boiler: NewQuote = {
  name: 'Tom Okafor',
  email: null,
  phone: '020 7946 0381',
  serviceType: 'heating',
  description: null,
  urgent: false,
};

function stored(quote: NewQuote, id: string, createdAt: string): QuoteRequest {
  return { ...quote, id, createdAt: new Date(createdAt) };
}

/** A repository whose list answers only when the test says so. */
function heldRepository(quotes: readonly QuoteRequest[]) {
  let release: () => void = () => undefined;
  const repository: QuoteRepository = {
    insert: () => Promise.reject(new Error('not used')),
    listNewestFirst: () =>
      new Promise((resolve) => {
        release = () => resolve(quotes);
      }),
    delete: () => Promise.reject(new Error('not used')),
    deleteCreatedBefore: () => Promise.reject(new Error('not used')),
  };
  return { repository, release: () => release() };
}

test('shows a loading state until the requests arrive', async () => {
  const held = heldRepository([stored(boiler, 'b', '2026-11-20T09:00:00Z')]);
  renderApp({ path: '/quotes', backend: testBackend({ quotes: held.repository }) });

  expect(await screen.findByText('Loading quote requests…')).toBeTruthy();
  held.release();
  expect(await screen.findByRole('heading', { name: 'Tom Okafor' })).toBeTruthy();
  expect(screen.queryByText('Loading quote requests…')).toBeNull();
});

test('with no requests it says so and counts none', async () => {
  renderApp({ path: '/quotes' });

  expect(await screen.findByText('No quote requests yet.')).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote Requests (0)');
});

test('lists every request newest first, with its badges, links, time and description', async () => {
  const quotes = new InMemoryQuoteRepository({
    seed: [stored(boiler, 'b', '2026-11-20T09:00:00Z'), stored(leak, 'a', '2026-07-01T12:05:00Z')],
  });
  renderApp({ path: '/quotes', backend: testBackend({ quotes }) });

  const cards = await screen.findAllByRole('article');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote Requests (2)');
  expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Tom Okafor', 'Priya Raman']);

  const [tom, priya] = cards.map((card) => within(card));
  expect(tom?.queryByText('URGENT')).toBeNull();
  expect(tom?.getByText('Heating Services')).toBeTruthy();
  expect(tom?.getByRole('link', { name: '020 7946 0381' }).getAttribute('href')).toBe('tel:+442079460381');
  expect(tom?.queryByRole('link', { name: /@/ })).toBeNull();
  expect(tom?.getByText('20/11/2026 09:00')).toBeTruthy();

  expect(priya?.getByText('URGENT')).toBeTruthy();
  expect(priya?.getByText('Emergency Plumbing')).toBeTruthy();
  expect(priya?.getByRole('link', { name: 'priya@example.co.uk' }).getAttribute('href')).toBe('mailto:priya@example.co.uk');
  // British Summer Time: 12:05 UTC is 13:05 in London.
  expect(priya?.getByText('01/07/2026 13:05')).toBeTruthy();
  expect(priya?.getByText('Water through the kitchen ceiling')).toBeTruthy();
});

test('a request is shown as text, never as markup', async () => {
  const quotes = new InMemoryQuoteRepository({
    seed: [stored({ ...boiler, name: '<img src=x onerror=alert(1)>', description: '<b>bold</b>' }, 'x', '2026-11-20T09:00:00Z')],
  });
  renderApp({ path: '/quotes', backend: testBackend({ quotes }) });

  expect(await screen.findByRole('heading', { name: '<img src=x onerror=alert(1)>' })).toBeTruthy();
  expect(screen.getByText('<b>bold</b>')).toBeTruthy();
  expect(document.querySelector('main img, main b')).toBeNull();
});

test('when the list cannot be fetched an Error toast says so', async () => {
  const unreachable: QuoteRepository = {
    insert: () => Promise.reject(new Error('database unreachable')),
    listNewestFirst: () => Promise.reject(new Error('database unreachable')),
    delete: () => Promise.reject(new Error('database unreachable')),
    deleteCreatedBefore: () => Promise.reject(new Error('database unreachable')),
  };
  renderApp({ path: '/quotes', backend: testBackend({ quotes: unreachable }) });

  const alert = await screen.findByRole('alert');
  expect(await within(alert).findByText('Error')).toBeTruthy();
  expect(within(alert).getByText('Failed to fetch quote requests')).toBeTruthy();
});

test('Refresh fetches the list again and shows what arrived since', async () => {
  const quotes = new InMemoryQuoteRepository({ seed: [stored(boiler, 'b', '2026-11-20T09:00:00Z')] });
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ quotes }) });
  expect(await screen.findByRole('heading', { name: 'Tom Okafor' })).toBeTruthy();

  await quotes.insert(leak);
  await user.click(screen.getByRole('button', { name: 'Refresh' }));

  expect(await screen.findByRole('heading', { name: 'Priya Raman' })).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote Requests (2)');
});

test('each request says whether the business email went out, where emails are sent', async () => {
  const quotes = new InMemoryQuoteRepository({
    seed: [
      { ...stored(boiler, 'b', '2026-11-20T09:00:00Z'), businessNotifiedAt: new Date('2026-11-20T09:00:04Z') },
      { ...stored(leak, 'a', '2026-11-20T08:00:00Z'), businessNotifiedAt: null },
      stored({ ...leak, name: 'Demo Only' }, 'c', '2026-11-20T07:00:00Z'),
    ],
  });
  renderApp({ path: '/quotes', backend: testBackend({ quotes }) });

  const [sent, waiting, demo] = (await screen.findAllByRole('article')).map((card) => within(card));
  expect(sent?.getByText(/Emailed to the business/).textContent.trim()).toBe('Emailed to the business 20/11/2026 09:00');
  expect(waiting?.getByText('Email to the business not sent yet')).toBeTruthy();
  expect(demo?.queryByText(/business/)).toBeNull();
});
