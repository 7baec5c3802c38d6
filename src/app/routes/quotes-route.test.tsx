import { act, screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import type { InboxPage } from '../../../domain/inbox/inbox-query';
import { answered, minutesBefore, request, testNow } from '../../inbox-test-data.test-support';
import { openCard, openCards, renderApp, testBackend } from '../../test-app.test-support';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';

afterEach(() => {
  vi.useRealTimers();
});

const leak = sampleQuote({
  name: 'Priya Raman',
  email: 'priya@example.co.uk',
  serviceType: 'emergency',
  description: 'Water through the kitchen ceiling',
  urgent: true,
});
const boiler = sampleQuote({ name: 'Tom Okafor', email: null, phone: '020 7946 0381', serviceType: 'heating', urgent: false });

const cardHeadings = async () => (await screen.findAllByRole('article')).map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
const cardOf = (name: string) => {
  const card = screen.getByRole('heading', { name }).closest('article');
  if (!(card instanceof HTMLElement)) throw new Error(`no card for ${name}`);
  return within(card);
};

test('shows a loading state until the requests arrive', async () => {
  let release: () => void = () => undefined;
  class HeldInbox extends InMemoryQuoteRepository {
    override async findPage(request: Parameters<InMemoryQuoteRepository['findPage']>[0]): Promise<InboxPage> {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return super.findPage(request);
    }
  }
  renderApp({ path: '/quotes', backend: testBackend({ store: new HeldInbox({ seed: [{ ...boiler, id: 'b', createdAt: new Date() }] }) }) });

  expect(await screen.findByText('Loading quote requests…')).toBeTruthy();
  release();
  expect(await screen.findByRole('heading', { name: 'Tom Okafor' })).toBeTruthy();
  expect(screen.queryByText('Loading quote requests…')).toBeNull();
});

test.each(['/quotes', '/quotes?view=all', '/quotes?view=won', '/quotes?q=boiler&service=heating&urgent=true&from=2026-11-01&to=2026-11-20'])(
  'with no requests at all, %s says so and counts none',
  async (path) => {
    renderApp({ path });

    expect(await screen.findByText('No quote requests yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote Requests (0)');
  },
);

test('with requests, none of which match the filters, it says the filters match none', async () => {
  const store = new InMemoryQuoteRepository({ seed: [request('a', 'Ada Lovelace', 90)] });
  renderApp({ path: '/quotes?view=all&q=radiator', backend: testBackend({ store }), now: () => testNow });

  expect(await screen.findByText('No requests match these filters.')).toBeTruthy();
  expect(screen.queryByText('No quote requests yet.')).toBeNull();
});

test('with nobody waiting, the default view says so', async () => {
  const store = new InMemoryQuoteRepository({ seed: [answered(request('a', 'Ada Lovelace', 90), 80)] });
  renderApp({ path: '/quotes', backend: testBackend({ store }), now: () => testNow });

  expect(await screen.findByText('Nobody is waiting for a call back.')).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote Requests (0)');
});

test('All lists every request newest first, folded with its badges, time, links, description and Call', async () => {
  const store = new InMemoryQuoteRepository({
    seed: [
      { ...boiler, id: 'b', createdAt: new Date('2026-11-20T09:00:00Z') },
      { ...leak, id: 'a', createdAt: new Date('2026-07-01T12:05:00Z') },
    ],
  });
  renderApp({ path: '/quotes?view=all', backend: testBackend({ store }) });

  expect(await cardHeadings()).toEqual(['Tom Okafor', 'Priya Raman']);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote Requests (2)');
  expect(cardOf('Tom Okafor').getByRole('link', { name: /^Call Tom Okafor, / }).getAttribute('href')).toBe('tel:+442079460381');

  const tom = cardOf('Tom Okafor');
  expect(tom.queryByText('URGENT')).toBeNull();
  expect(tom.getByText('Heating Services')).toBeTruthy();
  expect(tom.getByRole('link', { name: '020 7946 0381' }).getAttribute('href')).toBe('tel:+442079460381');
  expect(tom.queryByRole('link', { name: /@/ })).toBeNull();
  expect(tom.getByText('20/11/2026 09:00')).toBeTruthy();

  const priya = cardOf('Priya Raman');
  expect(priya.getByText('URGENT')).toBeTruthy();
  expect(priya.getByText('Emergency Plumbing')).toBeTruthy();
  expect(priya.getByRole('link', { name: 'priya@example.co.uk' }).getAttribute('href')).toBe('mailto:priya@example.co.uk');
  // British Summer Time: 12:05 UTC is 13:05 in London.
  expect(priya.getByText('01/07/2026 13:05')).toBeTruthy();
  expect(priya.getByText('Water through the kitchen ceiling')).toBeTruthy();
});

test('a request is shown as text, never as markup', async () => {
  const store = new InMemoryQuoteRepository({
    seed: [{ ...boiler, id: 'x', createdAt: new Date(), name: '<img src=x onerror=alert(1)>', description: '<b>bold</b>' }],
  });
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store }) });

  expect(await screen.findByRole('heading', { name: '<img src=x onerror=alert(1)>' })).toBeTruthy();
  await openCards(user);
  expect(screen.getByText('<b>bold</b>')).toBeTruthy();
  expect(document.querySelector('main img, main b')).toBeNull();
});

test('when the list cannot be fetched an Error toast says so', async () => {
  class Unreachable extends InMemoryQuoteRepository {
    override findPage() {
      return Promise.reject(new Error('database unreachable'));
    }
  }
  renderApp({ path: '/quotes', backend: testBackend({ store: new Unreachable() }) });

  const alert = await screen.findByRole('alert');
  expect(await within(alert).findByText('Error')).toBeTruthy();
  expect(within(alert).getByText('Failed to fetch quote requests')).toBeTruthy();
});

test('Refresh fetches the list again and shows what arrived since', async () => {
  const store = new InMemoryQuoteRepository({ seed: [{ ...boiler, id: 'b', createdAt: new Date() }] });
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store }) });
  expect(await screen.findByRole('heading', { name: 'Tom Okafor' })).toBeTruthy();

  await store.insert(leak);
  await user.click(screen.getByRole('button', { name: 'Refresh' }));

  expect(await screen.findByRole('heading', { name: 'Priya Raman' })).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote Requests (2)');
});

const waitingRoom = () =>
  new InMemoryQuoteRepository({
    seed: [
      request('calm', 'Calm Standard', 20),
      request('soon', 'Soon Urgent', 24, { urgent: true }),
      request('late', 'Late Urgent', 44, { urgent: true }),
      request('slow', 'Slow Standard', 150),
      answered(request('done', 'Done Already', 60), 50),
    ],
  });

test('the Waiting view puts overdue urgent requests first, then by when each falls due, each with its clock', async () => {
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store: waitingRoom() }), now: () => testNow });

  expect(await cardHeadings()).toEqual(['Late Urgent', 'Slow Standard', 'Soon Urgent', 'Calm Standard']);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote Requests (4)');
  expect(cardOf('Late Urgent').getByText('Overdue · 14 min')).toBeTruthy();
  expect(cardOf('Slow Standard').getByText('Overdue · 30 min')).toBeTruthy();
  expect(cardOf('Soon Urgent').getByText('Due soon · 6 min left')).toBeTruthy();
  expect(cardOf('Calm Standard').getByText('On time · 1 h 40 min left')).toBeTruthy();
  // London is on GMT in November: due at 11:46, 20 minutes before noon less the 14 overdue.
  await openCard(user, 'Late Urgent');
  expect(cardOf('Late Urgent').getByText('Waited 44 min, call back by 11:46')).toBeTruthy();
  expect(cardOf('Late Urgent').getByText('Waiting')).toBeTruthy();
});

test('the clocks run: a request due soon turns overdue as time passes, without a reload', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const clock = { time: testNow.getTime() };
  renderApp({ path: '/quotes', backend: testBackend({ store: waitingRoom() }), now: () => new Date(clock.time) });
  expect(await screen.findByText('Due soon · 6 min left')).toBeTruthy();

  clock.time += 8 * 60_000;
  act(() => {
    vi.advanceTimersByTime(20_000);
  });

  expect(cardOf('Soon Urgent').getByText('Overdue · 2 min')).toBeTruthy();
  expect(cardOf('Calm Standard').getByText('On time · 1 h 32 min left')).toBeTruthy();
});

test('above the list, the inbox says how many wait and how many of them are overdue', async () => {
  renderApp({ path: '/quotes?view=all', backend: testBackend({ store: waitingRoom() }), now: () => testNow });

  expect(await screen.findByText('4 waiting · 2 overdue')).toBeTruthy();
});

test('the summary on the settings page says what is waiting and overdue now, and how the last 7 and 30 days went', async () => {
  const store = waitingRoom();
  await store.record({ id: 'calm', step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: 'sam@example.co.uk', at: minutesBefore(10) });
  renderApp({ path: '/quotes/settings', backend: testBackend({ store }), now: () => testNow });

  const summary = within(await screen.findByRole('region', { name: 'Response times' }));
  const item = (label: string) => summary.getByText(label).closest('div')?.textContent;
  expect(await summary.findByText('Waiting now')).toBeTruthy();
  expect(item('Waiting now')).toBe('Waiting now3');
  expect(item('Overdue now')).toContain('2');
  expect(summary.getByText('Overdue now').closest('div')?.className).toContain('summary-alert');
  // Answered in 10 and 10 minutes; two waiting past their promise count against it: 2 of 4.
  expect(item('Last 7 days')).toBe('Last 7 days10 min median response50% within the promise2 answered');
  expect(item('Last 30 days')).toBe('Last 30 days10 min median response50% within the promise2 answered');
});
