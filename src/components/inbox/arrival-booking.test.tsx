import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { answered, request, testNow } from '../../inbox-test-data.test-support';
import { openCard, renderApp, storedQuotes, testBackend } from '../../test-app.test-support';

const tom = answered(request('tom', 'Tom Okafor', 40), 30, 'won');

const card = async (name: string) => {
  const found = (await screen.findByRole('heading', { name })).closest('article');
  if (!(found instanceof HTMLElement)) throw new Error(`no card for ${name}`);
  return within(found);
};

test("a won job's arrival is booked from its card, read on the card, changed, and every booking kept in the timeline", async () => {
  const store = new InMemoryQuoteRepository({ seed: [tom] });
  const { user } = renderApp({ path: '/quotes?view=won', backend: testBackend({ store }), now: () => testNow });
  await openCard(user, 'Tom Okafor');
  const opened = await card('Tom Okafor');

  await user.type(opened.getByLabelText('Day'), '2026-12-03');
  await user.click(opened.getByRole('button', { name: 'Book arrival' }));
  expect(await within(screen.getByRole('status')).findByText('Booked Thu 3 Dec · 8–10am')).toBeTruthy();
  expect(opened.getByText('Booked Thu 3 Dec · 8–10am', { selector: '.badge' })).toBeTruthy();

  // Their own times, typed wrong first: the field is named and what was typed stays.
  await user.selectOptions(opened.getByLabelText('Window'), 'Other times');
  await user.type(opened.getByLabelText('From', { exact: true }), '11:00');
  await user.type(opened.getByLabelText('To', { exact: true }), '09:30');
  await user.click(opened.getByRole('button', { name: 'Change arrival' }));
  expect(opened.getByText('The window must end after it starts')).toBeTruthy();
  expect(opened.getByLabelText('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  expect(opened.getByLabelText<HTMLInputElement>('From', { exact: true }).value).toBe('11:00');

  await user.clear(opened.getByLabelText('To', { exact: true }));
  await user.type(opened.getByLabelText('To', { exact: true }), '12:30');
  await user.click(opened.getByRole('button', { name: 'Change arrival' }));
  expect(await within(screen.getByRole('status')).findByText('Booked Thu 3 Dec · 11am–12:30pm')).toBeTruthy();
  const timeline = opened.getByText(/^Timeline/).closest('details');
  expect(timeline?.textContent).toContain('Booked Thu 3 Dec · 8–10am');
  expect(timeline?.textContent).toContain('Booked Thu 3 Dec · 11am–12:30pm');
  const [stored] = await storedQuotes(store);
  expect(stored?.activity.filter(({ kind }) => kind === 'arrival-booked')).toHaveLength(2);
});

test('a request not won offers no booking', async () => {
  const store = new InMemoryQuoteRepository({ seed: [answered(request('ann', 'Ann Lee', 40), 30, 'quoted')] });
  const { user } = renderApp({ path: '/quotes?view=quoted', backend: testBackend({ store }), now: () => testNow });
  await openCard(user, 'Ann Lee');
  expect((await card('Ann Lee')).queryByRole('button', { name: 'Book arrival' })).toBeNull();
});
