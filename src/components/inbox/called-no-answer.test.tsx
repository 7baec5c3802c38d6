import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { demoStaffAccount } from '../../../adapters/memory/demo-staff-account';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import type { RecordOutcome } from '../../../domain/ports/quote-inbox';
import { answered, minutesBefore, request, testNow } from '../../inbox-test-data.test-support';
import { openCard, openCards, renderApp, storedQuotes, testBackend } from '../../test-app.test-support';

const sam = 'sam@example.co.uk';
// Urgent, in 12 minutes ago (11:48): its promise runs out at 12:18.
const priya = request('priya', 'Priya Raman', 12, { urgent: true, serviceType: 'emergency' });
const tom = request('tom', 'Tom Okafor', 40);

function renderInbox(store: InMemoryQuoteRepository, path = '/quotes') {
  return renderApp({ path, backend: testBackend({ store }), now: () => testNow });
}

const card = async (name: string) => {
  const found = (await screen.findByRole('heading', { name })).closest('article');
  if (!(found instanceof HTMLElement)) throw new Error(`no card for ${name}`);
  return within(found);
};

test('"Called, no answer" records the call: the card says how often and when, the request stays waiting, and its clock counts to the next try', async () => {
  const store = new InMemoryQuoteRepository({ seed: [{ ...priya, callAttempts: [{ by: sam, at: minutesBefore(9) }] }, tom] });
  const { user } = renderInbox(store);
  await openCards(user);
  const before = await card('Priya Raman');
  // Rung at 11:51, so its next try is due at 12:21.
  expect(before.getByText(/^Tried/).textContent).toBe('Tried 1× · last 11:51');
  expect(before.getByText('On time · 21 min left')).toBeTruthy();

  await user.click(before.getByRole('button', { name: 'Called, no answer, Priya Raman' }));

  const status = await screen.findByRole('status');
  expect(await within(status).findByText('Call recorded')).toBeTruthy();
  expect(within(status).getByText('Nobody answered Priya Raman. Try again by 12:30.')).toBeTruthy();
  const after = await card('Priya Raman');
  await waitFor(() => expect(after.getByText(/^Tried/).textContent).toBe('Tried 2× · last 12:00'));
  expect(after.getByText(/^Tried/).querySelector('time')?.getAttribute('dateTime')).toBe(testNow.toISOString());
  expect(after.getByText('On time · 30 min left')).toBeTruthy();
  expect(after.getByText('Waited 12 min, call back by 12:30')).toBeTruthy();
  expect(after.getByText('Waiting', { selector: '.badge' })).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote Requests (2)');
  const stored = (await storedQuotes(store)).find(({ id }) => id === 'priya');
  expect(stored).toMatchObject({ status: 'new', respondedAt: null });
  expect(stored?.callAttempts).toEqual([
    { by: sam, at: minutesBefore(9) },
    { by: demoStaffAccount.email, at: testNow },
  ]);
  // A card nobody has rung says nothing of calls.
  expect((await card('Tom Okafor')).queryByText(/^Tried/)).toBeNull();
});

test('the first call counts as the answer: marked contacted later, the card times the answer to that call', async () => {
  // Rung 6 minutes in (11:54), picked up now, 12 minutes in: within the promise either way, but timed to the call.
  const store = new InMemoryQuoteRepository({ seed: [{ ...priya, callAttempts: [{ by: sam, at: minutesBefore(6) }] }] });
  const { user } = renderInbox(store, '/quotes?view=all');
  await openCard(user, 'Priya Raman');

  await user.click((await card('Priya Raman')).getByRole('button', { name: 'Mark contacted, Priya Raman' }));

  expect(await within(screen.getByRole('status')).findByText('Priya Raman, answered in 6 min')).toBeTruthy();
  expect((await card('Priya Raman')).getByText('Answered in 6 min · within promise')).toBeTruthy();
});

test('a request no longer waiting offers no call', async () => {
  const { user } = renderInbox(new InMemoryQuoteRepository({ seed: [answered(tom, 30)] }), '/quotes?view=all');
  await openCard(user, 'Tom Okafor');
  expect((await card('Tom Okafor')).getByRole('button', { name: 'Mark quoted, Tom Okafor' })).toBeTruthy();
  expect((await card('Tom Okafor')).queryByRole('button', { name: /Called, no answer/ })).toBeNull();
});

test('a request someone moved on meanwhile takes no call: a toast says so and the list is read again', async () => {
  const store = new InMemoryQuoteRepository({ seed: [priya, tom] });
  const { user } = renderInbox(store);
  await openCard(user, 'Priya Raman');
  const button = (await card('Priya Raman')).getByRole('button', { name: 'Called, no answer, Priya Raman' });
  await store.record({ id: 'priya', step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: sam, at: minutesBefore(1) });

  await user.click(button);

  expect(await within(screen.getByRole('status')).findByText('The request from Priya Raman is no longer waiting for a call back. The list has been reloaded.')).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Priya Raman' })).toBeNull());
  expect((await storedQuotes(store)).find(({ id }) => id === 'priya')?.callAttempts).toEqual([]);
});

test('when the store fails, the card stays as it was and a toast says nothing was recorded', async () => {
  class FailingCalls extends InMemoryQuoteRepository {
    override record(): Promise<RecordOutcome> {
      return Promise.reject(new Error('database unreachable'));
    }
  }
  const { user } = renderInbox(new FailingCalls({ seed: [priya] }));
  await openCard(user, 'Priya Raman');

  await user.click((await card('Priya Raman')).getByRole('button', { name: 'Called, no answer, Priya Raman' }));

  expect(await screen.findByText('Could not record the call')).toBeTruthy();
  expect(screen.getByText('Something went wrong and nothing was recorded. Please try again in a moment.')).toBeTruthy();
  expect((await card('Priya Raman')).queryByText(/^Tried/)).toBeNull();
});

test('a fifth call nobody answered within the hour is not recorded: a toast names the limit and when the next may be, and the card keeps four', async () => {
  // Rung at 11:49, 11:52, 11:55 and 11:58: the hour after the first ends at 12:49.
  const calls = [11, 8, 5, 2].map((minutes) => ({ by: sam, at: minutesBefore(minutes) }));
  const store = new InMemoryQuoteRepository({ seed: [{ ...priya, callAttempts: calls }] });
  const { user } = renderInbox(store);
  await openCard(user, 'Priya Raman');

  await user.click((await card('Priya Raman')).getByRole('button', { name: 'Called, no answer, Priya Raman' }));

  const status = await screen.findByRole('status');
  expect(await within(status).findByText('Call not recorded')).toBeTruthy();
  expect(within(status).getByText('At most 4 calls nobody answered are recorded on one request in an hour: record the next from 12:49')).toBeTruthy();
  expect((await card('Priya Raman')).getByText(/^Tried/).textContent).toBe('Tried 4× · last 11:58');
  expect((await storedQuotes(store)).find(({ id }) => id === 'priya')?.callAttempts).toEqual(calls);
});
