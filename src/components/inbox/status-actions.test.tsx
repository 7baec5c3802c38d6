import { staffName } from '../../../domain/alerts/on-call';
import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { demoStaffAccount } from '../../../adapters/memory/demo-staff-account';
import { answered, minutesBefore, request, testNow } from '../../inbox-test-data.test-support';
import { openCard, openCards, renderApp, storedQuotes, testBackend } from '../../test-app.test-support';

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
/** The status moves an opened card offers, in order: its buttons but Details, "I'm on it", notes, an arrival, a reminder and Delete. */
const buttonNames = (scope: Awaited<ReturnType<typeof card>>) =>
  scope
    .getAllByRole('button')
    .filter((button) => !(button.getAttribute('aria-label') ?? '').startsWith('Details, '))
    .map((button) => button.textContent)
    .filter((text) => text !== 'Delete' && text !== 'Add note' && text !== "I'm on it" && text !== 'Book arrival' && text !== 'Change arrival' && text !== 'Set reminder');
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

test('a waiting request offers Mark contacted and Called, no answer; marked, it leaves Waiting with a toast, and the counts follow', async () => {
  const store = new InMemoryQuoteRepository({ seed: [priya, tom] });
  const { user } = renderInbox(store);
  await openCards(user);
  const priyaCard = await card('Priya Raman');
  expect(buttonNames(priyaCard)).toEqual(['Mark contacted', 'Called, no answer']);
  expect(heading()).toBe('Quote Requests (2)');
  expect(await screen.findByText('2 waiting · 0 overdue')).toBeTruthy();

  await user.click(priyaCard.getByRole('button', { name: 'Mark contacted, Priya Raman' }));

  const status = await screen.findByRole('status');
  expect(await within(status).findByText('Marked contacted')).toBeTruthy();
  expect(within(status).getByText('Priya Raman, answered in 12 min')).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Priya Raman' })).toBeNull();
  // Focus moves on to the next request rather than falling back to the top of the page.
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Tom Okafor' }));
  expect(heading()).toBe('Quote Requests (1)');
  expect(await screen.findByText('1 waiting · 0 overdue')).toBeTruthy();
  const stored = (await storedQuotes(store)).find(({ id }) => id === 'priya');
  expect(stored?.history).toEqual([{ from: 'new', to: 'contacted', by: demoStaffAccount.email, at: testNow }]);
  expect(stored?.respondedAt).toEqual(testNow);
});

test('in Contacted, a request shows when it was answered, its history, and the moves it may make next', async () => {
  const store = new InMemoryQuoteRepository({ seed: [priya] });
  const { user } = renderInbox(store);
  await openCard(user, 'Priya Raman');
  await user.click((await card('Priya Raman')).getByRole('button', { name: /^Mark contacted/ }));
  await screen.findByText('Nobody is waiting for a call back.');

  await user.click(screen.getByRole('radio', { name: /^Contacted( \d+)?$/ }));
  await openCard(user, 'Priya Raman');

  const contacted = await card('Priya Raman');
  expect(contacted.getByText('Answered in 12 min · within promise')).toBeTruthy();
  expect(contacted.getByText('Contacted', { selector: '.badge' })).toBeTruthy();
  expect(buttonNames(contacted)).toEqual(['Mark quoted', 'Mark won', 'Mark lost']);
  const history = contacted.getByText('Timeline (2)').closest('details');
  expect(history?.textContent).toContain(`Waiting → Contacted 20/11/2026 12:00 by ${staffName(demoStaffAccount.email)}`);
  expect(history?.textContent).toContain('Received 20/11/2026 11:48');
});

test('quoted, won, done, not done yet, lost, then reopened: each move is offered only where it is allowed', async () => {
  const store = new InMemoryQuoteRepository({ seed: [answered(tom, 30)] });
  const { user } = renderInbox(store, '/quotes?view=all');
  await openCard(user, 'Tom Okafor');

  const steps = [
    ['Mark quoted', 'Marked quoted', ['Mark won', 'Mark lost']],
    ['Mark won', 'Marked won', ['Mark done', 'Mark lost']],
    // Done too soon goes back to won without asking its value again.
    ['Mark done', 'Marked done', ['Not done yet']],
    ['Not done yet', 'Marked not done yet', ['Mark done', 'Mark lost']],
    ['Mark lost', 'Marked lost', ['Reopen']],
    ['Reopen', 'Reopened', ['Mark quoted', 'Mark won', 'Mark lost']],
  ] as const;
  for (const [action, toast, next] of steps) {
    await user.click((await card('Tom Okafor')).getByRole('button', { name: `${action}, Tom Okafor` }));
    // Won and Lost first ask the job's value or why; sent empty, they move all the same.
    if (action === 'Mark won' || action === 'Mark lost') await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: action }));
    expect(await within(screen.getByRole('status')).findByText(toast)).toBeTruthy();
    expect(buttonNames(await card('Tom Okafor'))).toEqual(next);
  }
  expect((await card('Tom Okafor')).getByText('Timeline (8)')).toBeTruthy();
  // A late answer stays late whatever happens next.
  expect((await card('Tom Okafor')).getByText('Answered in 10 min · within promise')).toBeTruthy();
});

test("marked won with the job's value, the card, its history and the store all say what it was worth; a value that is not money is named and kept as typed", async () => {
  const store = new InMemoryQuoteRepository({ seed: [answered(tom, 30, 'quoted')] });
  const { user } = renderInbox(store, '/quotes?view=all');
  await openCard(user, 'Tom Okafor');

  await user.click((await card('Tom Okafor')).getByRole('button', { name: 'Mark won, Tom Okafor' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Mark won: Tom Okafor' }));
  const value = dialog.getByLabelText('Job value (£, optional)');
  expect(document.activeElement).toBe(value);
  await user.type(value, 'about £400');
  await user.click(dialog.getByRole('button', { name: 'Mark won' }));
  expect(dialog.getByText('Job value: write the amount in pounds, such as 450 or 1,250.50')).toBeTruthy();
  expect(value.getAttribute('aria-invalid')).toBe('true');
  expect((value as HTMLInputElement).value).toBe('about £400');
  expect((await storedQuotes(store))[0]?.status).toBe('quoted');

  await user.clear(value);
  await user.type(value, '£1,250.50');
  await user.click(dialog.getByRole('button', { name: 'Mark won' }));

  expect(await within(screen.getByRole('status')).findByText('Marked won')).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
  const won = await card('Tom Okafor');
  expect(won.getByText('Job value').nextElementSibling?.textContent).toBe('£1,250.50');
  expect(won.getByText('Timeline (4)').closest('details')?.textContent).toContain('Quoted → Won (£1,250.50)');
  expect((await storedQuotes(store))[0]?.history.at(-1)).toMatchObject({ to: 'won', wonPence: 125_050 });
});

test('marked lost with a reason from the list, the card says why; Cancel moves nothing', async () => {
  const store = new InMemoryQuoteRepository({ seed: [answered(tom, 30, 'quoted')] });
  const { user } = renderInbox(store, '/quotes?view=all');
  await openCard(user, 'Tom Okafor');

  await user.click((await card('Tom Okafor')).getByRole('button', { name: 'Mark lost, Tom Okafor' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect((await storedQuotes(store))[0]?.status).toBe('quoted');

  await user.click((await card('Tom Okafor')).getByRole('button', { name: 'Mark lost, Tom Okafor' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Mark lost: Tom Okafor' }));
  await user.selectOptions(dialog.getByLabelText('Why was it lost? (optional)'), 'Went elsewhere');
  await user.click(dialog.getByRole('button', { name: 'Mark lost' }));

  expect(await within(screen.getByRole('status')).findByText('Marked lost')).toBeTruthy();
  expect((await card('Tom Okafor')).getByText('Lost because').nextElementSibling?.textContent).toBe('Went elsewhere');
  expect((await storedQuotes(store))[0]?.history.at(-1)).toMatchObject({ to: 'lost', lostReason: 'went-elsewhere' });
});

test('a request someone else moved first is not overwritten: a toast says so and the list is read again', async () => {
  const store = new InMemoryQuoteRepository({ seed: [priya, tom] });
  const { user } = renderInbox(store);
  await openCard(user, 'Priya Raman');
  const priyaCard = await card('Priya Raman');
  await store.record({ id: 'priya', step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: 'sam@example.co.uk', at: minutesBefore(1) });

  await user.click(priyaCard.getByRole('button', { name: /^Mark contacted/ }));

  const status = await screen.findByRole('status');
  expect(await within(status).findByText('Someone else changed this request')).toBeTruthy();
  expect(within(status).getByText('The request from Priya Raman is now Contacted. The list has been reloaded.')).toBeTruthy();
  await waitFor(() => expect(heading()).toBe('Quote Requests (1)'));
  expect(screen.queryByRole('heading', { name: 'Priya Raman' })).toBeNull();
  const [stored] = await storedQuotes(store);
  expect(stored?.history.map(({ by }) => by)).toEqual(['sam@example.co.uk']);
});
