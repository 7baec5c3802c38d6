import { screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { NotSignedIn } from '../../../domain/staff/staff';
import { request, testNow } from '../../inbox-test-data.test-support';
import { openCard, openCards, renderApp, storedQuotes, testBackend } from '../../test-app.test-support';
import { cameFrom } from '../../../fixtures/lead-sources';

afterEach(() => {
  vi.restoreAllMocks();
});

const priya = request('priya', 'Priya Raman', 10, { urgent: true, serviceType: 'emergency' });
const tom = request('tom', 'Tom Okafor', 20);

function renderInbox(store: InMemoryQuoteRepository, path = '/quotes') {
  return renderApp({ path, backend: testBackend({ store }), now: () => testNow });
}

const card = async (name: string) => {
  const found = (await screen.findByRole('heading', { name })).closest('article');
  if (!(found instanceof HTMLElement)) throw new Error(`no card for ${name}`);
  return within(found);
};
const deleteButton = (name: string) => screen.getByRole('button', { name: `Delete request from ${name}` });

test('each opened card has a Delete button that names whose request it deletes', async () => {
  const { user } = renderInbox(new InMemoryQuoteRepository({ seed: [priya, tom] }));
  await openCards(user);

  const button = (await card('Priya Raman')).getByRole('button', { name: 'Delete request from Priya Raman' });
  expect(button.textContent).toBe('Delete');
  expect(deleteButton('Tom Okafor')).toBeTruthy();
});

test('confirmed, the request is deleted from the store, its card goes, and the count with it', async () => {
  const store = new InMemoryQuoteRepository({ seed: [priya, tom] });
  const { user } = renderInbox(store);
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
  await openCard(user, 'Priya Raman');

  await user.click(deleteButton('Priya Raman'));

  expect(confirm).toHaveBeenCalledWith('Delete the request from Priya Raman? It will be removed for good and cannot be brought back.');
  const status = await screen.findByRole('status');
  expect(await within(status).findByText('Request Deleted')).toBeTruthy();
  expect(within(status).getByText('The request from Priya Raman has been deleted.')).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Priya Raman' })).toBeNull();
  expect(screen.getByRole('heading', { name: 'Tom Okafor' })).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote Requests (1)');
  expect((await storedQuotes(store)).map(({ id }) => id)).toEqual(['tom']);
});

test('deleting the last request stored leaves the list saying there are none, not that none is waiting', async () => {
  const { user } = renderInbox(new InMemoryQuoteRepository({ seed: [priya] }));
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  await openCard(user, 'Priya Raman');

  await user.click(deleteButton('Priya Raman'));

  expect(await screen.findByText('No quote requests yet.')).toBeTruthy();
  expect(screen.queryByText('Nobody is waiting for a call back.')).toBeNull();
});

test('declined, nothing happens', async () => {
  const store = new InMemoryQuoteRepository({ seed: [priya, tom] });
  const { user } = renderInbox(store);
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
  await openCard(user, 'Priya Raman');

  await user.click(deleteButton('Priya Raman'));

  expect(confirm).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('heading', { name: 'Priya Raman' })).toBeTruthy();
  expect(screen.queryByRole('status')?.textContent ?? '').not.toContain('Deleted');
  expect(await storedQuotes(store)).toHaveLength(2);
});

test('when the store fails, a destructive toast says so and the card stays', async () => {
  class FailingDeletes extends InMemoryQuoteRepository {
    override delete(): Promise<boolean> {
      return Promise.reject(new Error('database unreachable'));
    }
  }
  const { user } = renderInbox(new FailingDeletes({ seed: [priya] }));
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  await openCard(user, 'Priya Raman');

  await user.click(deleteButton('Priya Raman'));

  const alert = await screen.findByRole('alert');
  expect(await within(alert).findByText('Could not delete the request')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Priya Raman' })).toBeTruthy();
  expect(deleteButton('Priya Raman').getAttribute('aria-disabled')).toBe('false');
});

test('a request someone else deleted first leaves the list, and the toast says it was already gone', async () => {
  const store = new InMemoryQuoteRepository({ seed: [priya, tom] });
  const { user } = renderInbox(store);
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  await openCard(user, 'Priya Raman');
  await store.delete('priya');

  await user.click(deleteButton('Priya Raman'));

  const status = await screen.findByRole('status');
  expect(await within(status).findByText('Already Deleted')).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Priya Raman' })).toBeNull();
});

test('a staff session that has ended puts the inbox away and asks to sign in again', async () => {
  class SignedOutDeletes extends InMemoryQuoteRepository {
    override delete(): Promise<boolean> {
      return Promise.reject(new NotSignedIn());
    }
  }
  const { user } = renderInbox(new SignedOutDeletes({ seed: [priya] }));
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  await openCard(user, 'Priya Raman');

  await user.click(deleteButton('Priya Raman'));

  expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Priya Raman' })).toBeNull();
});

test('a folded card flags a postcode outside our usual area in words; opened, it shows the postcode', async () => {
  const { user } = renderInbox(
    new InMemoryQuoteRepository({
      seed: [request('inside', 'Ada Inside', 10, { postcode: 'SE1 7PB' }), request('outside', 'Ola Outside', 20, { postcode: 'N1 9GU' }), request('none', 'Nell None', 30, { postcode: null })],
    }),
  );
  const outside = await card('Ola Outside');
  expect(outside.getByText('Outside our usual area')).toBeTruthy();
  expect(outside.queryByText('N1 9GU')).toBeNull();
  await openCards(user);
  expect(outside.getByText('Postcode')).toBeTruthy();
  expect(outside.getByText('N1 9GU')).toBeTruthy();
  const inside = await card('Ada Inside');
  expect(inside.getByText('SE1 7PB')).toBeTruthy();
  expect(inside.queryByText('Outside our usual area')).toBeNull();
  expect((await card('Nell None')).queryByText('Postcode')).toBeNull();
});

test('an email stored before the address rule still links to that one address, its query characters encoded', async () => {
  // Straight into the store, as a request kept from before the rule: the form would refuse it.
  const spy = request('spy', 'Sam Spy', 5, { email: 'x?bcc=spy@attacker.example&subject=Invoice' });
  const { user } = renderInbox(new InMemoryQuoteRepository({ seed: [spy, tom] }));
  await openCards(user);

  const link = (await card('Sam Spy')).getByRole('link', { name: 'x?bcc=spy@attacker.example&subject=Invoice' });
  const href = link.getAttribute('href') ?? '';
  expect(href).toBe('mailto:x%3Fbcc%3Dspy@attacker.example%26subject%3DInvoice');
  // Read as a browser reads it: one recipient, no header fields at all.
  const url = new URL(href);
  expect(url.search).toBe('');
  expect(decodeURIComponent(url.pathname)).toBe('x?bcc=spy@attacker.example&subject=Invoice');
  expect((await card('Tom Okafor')).getByRole('link', { name: 'tom@example.co.uk' }).getAttribute('href')).toBe('mailto:tom@example.co.uk');
});

test('a folded card shows who, how urgent, what for, the clock, the job, the email, Call and "I\'m on it"; Details opens the rest', async () => {
  const { user } = renderInbox(
    new InMemoryQuoteRepository({ seed: [request('priya', 'Priya Raman', 42, { urgent: true, serviceType: 'emergency', description: 'Water through the kitchen ceiling' })] }),
  );
  const folded = await card('Priya Raman');

  expect(folded.getByText('URGENT')).toBeTruthy();
  expect(folded.getByText('Emergency Plumbing')).toBeTruthy();
  expect(folded.getByText('Overdue · 12 min')).toBeTruthy();
  expect(folded.queryByText(/^Waited /)).toBeNull();
  const call = folded.getByRole('link', { name: 'Call Priya Raman, 0 2 0, 7 9 4 6, 0 3 8 1' });
  expect(call.getAttribute('href')).toBe('tel:+442079460381');
  expect(folded.getByRole('button', { name: "I'm on it, Priya Raman" })).toBeTruthy();
  expect(folded.getByText('Water through the kitchen ceiling')).toBeTruthy();
  expect(folded.getByRole('link', { name: 'priya@example.co.uk' })).toBeTruthy();
  expect(folded.queryByRole('button', { name: 'Delete request from Priya Raman' })).toBeNull();

  const details = folded.getByRole('button', { name: 'Details, Priya Raman' });
  expect(details.getAttribute('aria-expanded')).toBe('false');
  await user.click(details);
  expect(details.getAttribute('aria-expanded')).toBe('true');
  expect(folded.getByText('Water through the kitchen ceiling')).toBeTruthy();
  expect(folded.getByText(/^Waited 42 min, call back by /)).toBeTruthy();
  expect(folded.getByRole('link', { name: 'priya@example.co.uk' })).toBeTruthy();
  expect(folded.getByRole('button', { name: 'Delete request from Priya Raman' })).toBeTruthy();

  await user.click(details);
  expect(details.getAttribute('aria-expanded')).toBe('false');
  expect(folded.queryByText(/^Waited /)).toBeNull();
});

test('the card the address names starts open; the others stay folded', async () => {
  renderInbox(new InMemoryQuoteRepository({ seed: [priya, tom] }), '/quotes?id=tom');

  const linked = await card('Tom Okafor');
  expect(linked.getByRole('button', { name: 'Details, Tom Okafor' }).getAttribute('aria-expanded')).toBe('true');
  expect(linked.getByRole('button', { name: 'Delete request from Tom Okafor' })).toBeTruthy();
  const other = await card('Priya Raman');
  expect(other.getByRole('button', { name: 'Details, Priya Raman' }).getAttribute('aria-expanded')).toBe('false');
  expect(other.queryByRole('button', { name: 'Delete request from Priya Raman' })).toBeNull();
});

test('an opened card says where the request came from, with what its sender said and its campaign', async () => {
  const { user } = renderInbox(
    new InMemoryQuoteRepository({
      seed: [
        request('gbp', 'Gina Profile', 10, cameFrom('businessProfile', 'recommendation')),
        request('ads', 'Adam Clicks', 20, cameFrom('googleAds')),
        request('direct', 'Dee Direct', 30, cameFrom('direct')),
      ],
    }),
  );
  const gbp = await card('Gina Profile');
  expect(gbp.queryByText('Came from')).toBeNull();
  await openCards(user);
  expect(await gbp.findByText('Came from')).toBeTruthy();
  expect(gbp.getByText('Google Business Profile · said: A recommendation')).toBeTruthy();
  expect((await (await card('Adam Clicks')).findByText('Google Ads', { exact: false })).textContent).toBe('Google Ads (boiler-repair-se1)');
  expect(await (await card('Dee Direct')).findByText('Direct')).toBeTruthy();
});

test.each([
  ['smell of gas in the hallway near the meter', 'Gas smell reported'],
  ['the carbon monoxide alarm keeps beeping', 'CO reported'],
])('a card whose description reports %j is marked %j, first under the name', async (description, mark) => {
  renderInbox(new InMemoryQuoteRepository({ seed: [request('ada', 'Ada Lovelace', 5, { urgent: true, description }), tom] }));
  const ada = await card('Ada Lovelace');
  expect(ada.getByText(mark).className).toContain('badge-gas');
  expect(ada.getByText(mark).parentElement?.firstElementChild?.textContent).toBe(mark);
  expect((await card('Tom Okafor')).queryByText(/reported$/)).toBeNull();
});
