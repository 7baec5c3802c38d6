import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import type { RecordOutcome } from '../../../domain/ports/quote-inbox';
import { minutesBefore, request, testNow } from '../../inbox-test-data.test-support';
import { openCard, renderApp, storedQuotes, testBackend } from '../../test-app.test-support';

const sam = 'sam.porter@example.co.uk';
const jo = 'jo.bloggs@example.co.uk';
const priya = request('priya', 'Priya Raman', 20, { urgent: true, serviceType: 'emergency' });
const tom = request('tom', 'Tom Okafor', 30);

function renderInbox(store: InMemoryQuoteRepository, path = '/quotes') {
  return renderApp({ path, backend: testBackend({ store }), now: () => testNow });
}

const card = async (name: string) => {
  const found = (await screen.findByRole('heading', { name })).closest('article');
  if (!(found instanceof HTMLElement)) throw new Error(`no card for ${name}`);
  return found;
};

test("a waiting request nobody has taken offers I'm on it; taken, the card says who and when, and the store knows", async () => {
  const store = new InMemoryQuoteRepository({ seed: [priya, tom] });
  const { user } = renderInbox(store);

  await user.click(within(await card('Priya Raman')).getByRole('button', { name: "I'm on it, Priya Raman" }));
  await openCard(user, 'Priya Raman');

  const priyaCard = within(await card('Priya Raman'));
  expect((await priyaCard.findByText(/Taken by Demo ·/)).textContent).toBe(' Taken by Demo · 12:00');
  expect(priyaCard.queryByRole('button', { name: /I'm on it/ })).toBeNull();
  expect(await screen.findByText("You're on it")).toBeTruthy();
  expect((await storedQuotes(store)).find(({ id }) => id === 'priya')?.taken).toEqual({ by: 'demo@se1plumbing.example', at: testNow });
  // Still waiting for its call back: taking a request is not calling back.
  expect(within(await card('Tom Okafor')).getByRole('button', { name: "I'm on it, Tom Okafor" })).toBeTruthy();
});

test('someone who took it first is shown on the card, and a toast says who', async () => {
  const store = new InMemoryQuoteRepository({ seed: [priya] });
  const { user } = renderInbox(store);
  const button = within(await card('Priya Raman')).getByRole('button', { name: "I'm on it, Priya Raman" });
  await store.record({ id: 'priya', step: { kind: 'taken' }, by: sam, at: minutesBefore(2) });

  await user.click(button);
  await openCard(user, 'Priya Raman');

  expect((await within(await card('Priya Raman')).findByText(/Taken by Sam ·/)).textContent).toBe(' Taken by Sam · 11:58');
  expect(await screen.findByText('Sam is on it')).toBeTruthy();
  expect(screen.getByText('Sam took this request at 11:58.')).toBeTruthy();
});

test('when the store fails, the card stays as it was and a toast says nothing was changed', async () => {
  class FailingTakes extends InMemoryQuoteRepository {
    override record(): Promise<RecordOutcome> {
      return Promise.reject(new Error('database unreachable'));
    }
  }
  const { user } = renderInbox(new FailingTakes({ seed: [priya] }));
  await openCard(user, 'Priya Raman');

  await user.click(within(await card('Priya Raman')).getByRole('button', { name: "I'm on it, Priya Raman" }));

  expect(await screen.findByText('Could not take the request')).toBeTruthy();
  expect(within(await card('Priya Raman')).getByRole('button', { name: "I'm on it, Priya Raman" })).toBeTruthy();
  expect(screen.queryByText(/Taken by/)).toBeNull();
});

test('the opened card\'s alert timeline lists each alert and the taking in time order, in London time', async () => {
  const seed = {
    ...priya,
    alerts: [
      { step: 'escalated' as const, at: minutesBefore(10), recipients: [jo], everyone: true },
      { step: 'new' as const, at: minutesBefore(20), recipients: [sam], everyone: false },
    ],
    taken: { by: jo, at: minutesBefore(8) },
  };
  const { user } = renderInbox(new InMemoryQuoteRepository({ seed: [seed] }));
  await openCard(user, 'Priya Raman');

  const timeline = within(within(await card('Priya Raman')).getByRole('list', { name: 'Alerts' }));
  expect(timeline.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Alerted Sam 11:40', 'Escalated to all 11:50', 'Taken by Jo 11:52']);
  expect(within(await card('Priya Raman')).getByText(/Taken by Jo ·/)).toBeTruthy();
});

test('a request with no alerts and nobody taking it has no timeline', async () => {
  const { user } = renderInbox(new InMemoryQuoteRepository({ seed: [tom] }));
  await openCard(user, 'Tom Okafor');

  expect(within(await card('Tom Okafor')).queryByRole('list', { name: 'Alerts' })).toBeNull();
});

test('the request a notification opens is marked out and focused', async () => {
  renderInbox(new InMemoryQuoteRepository({ seed: [priya, tom] }), '/quotes?id=tom');

  const tomCard = await card('Tom Okafor');
  expect(document.activeElement).toBe(within(tomCard).getByRole('heading', { name: 'Tom Okafor' }));
  expect(tomCard.classList.contains('quote-card-linked')).toBe(true);
  expect((await card('Priya Raman')).classList.contains('quote-card-linked')).toBe(false);
});

test('a request no longer waiting is said to be so, with a way to look among all requests', async () => {
  const contacted = { ...request('sara', 'Sara Ali', 40), status: 'contacted' as const, respondedAt: minutesBefore(30), taken: { by: sam, at: minutesBefore(30) } };
  const { user, router } = renderInbox(new InMemoryQuoteRepository({ seed: [priya, contacted] }), '/quotes?id=sara');

  expect(await screen.findByText(/The request you opened is not in this list/)).toBeTruthy();
  await user.click(screen.getByRole('link', { name: 'See all requests' }));

  const saraCard = await card('Sara Ali');
  expect(router.state.location.search).toEqual({ view: 'all', id: 'sara' });
  expect(saraCard.classList.contains('quote-card-linked')).toBe(true);
  expect(screen.queryByText(/The request you opened/)).toBeNull();
});

test('a request deleted since is said to be gone, even from all requests', async () => {
  renderInbox(new InMemoryQuoteRepository({ seed: [priya] }), '/quotes?view=all&id=gone');

  expect(await screen.findByText('The request you opened is not in the list of all requests: it may have been deleted.')).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'See all requests' })).toBeNull();
});
