import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { demoStaffAccount } from '../../../adapters/memory/demo-staff-account';
import { failingQuoteInbox } from '../../../adapters/memory/failing-quote-inbox.test-support';
import { InMemoryNotifier } from '../../../adapters/memory/in-memory-notifier';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import type { QuoteInbox } from '../../../domain/ports/quote-inbox';
import { heldAsSpam, minutesBefore, request, testNow } from '../../inbox-test-data.test-support';
import { openCard, openCards, renderApp, storedQuotes, testBackend } from '../../test-app.test-support';

const bot = heldAsSpam(request('bot', 'Crypto Profit', 30, { urgent: true }), ['honeypot', 'too-fast', 'disposable-email']);
const seo = heldAsSpam(request('seo', 'Jessica Miller (www.rankfirst.example)', 90), ['links-in-name', 'many-links']);
const priya = request('priya', 'Priya Raman', 12);

function renderInbox(store: InMemoryQuoteRepository, path = '/quotes?view=spam', inbox?: QuoteInbox) {
  return renderApp({ path, backend: testBackend({ store, ...(inbox ? { inbox } : {}) }), now: () => testNow });
}

const card = async (name: string) => {
  const found = (await screen.findByRole('heading', { name, level: 2 })).closest('article');
  if (!(found instanceof HTMLElement)) throw new Error(`no card for ${name}`);
  return within(found);
};

test('Spam is offered after All, and lists only what is held there, each with its score and reasons in words', async () => {
  const store = new InMemoryQuoteRepository({ seed: [bot, seo, priya] });
  const { user } = renderInbox(store);

  const crypto = await card('Crypto Profit');
  // Folded, a card gives its score in place of a clock; opened, the reasons.
  expect(crypto.getByText('Spam score 23', { selector: '.quote-card-meta .badge' })).toBeTruthy();
  await openCards(user);
  const views = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.querySelector('span')?.textContent);
  expect(views.slice(-2)).toEqual(['All', 'Spam']);
  expect(screen.getByRole<HTMLInputElement>('radio', { name: /^Spam( \d+)?$/ }).checked).toBe(true);
  expect(screen.queryByRole('heading', { name: 'Priya Raman' })).toBeNull();
  expect(crypto.getByRole('heading', { name: /Why this looks like spam/ }).textContent).toContain('Spam score 23');
  expect(crypto.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
    expect.arrayContaining(['Filled the hidden field only bots see', 'Sent less than 3 seconds after the form was opened', 'A throwaway email address']),
  );
  expect((await card('Jessica Miller (www.rankfirst.example)')).getByText('3 or more links in the description')).toBeTruthy();
});

test('a request in Spam has no response clock, no "I\'m on it", no status moves: only Not spam and Delete', async () => {
  const store = new InMemoryQuoteRepository({ seed: [bot] });
  const { user } = renderInbox(store);
  await openCard(user, 'Crypto Profit');
  const crypto = await card('Crypto Profit');

  expect(crypto.queryByText(/On time|Due soon|Overdue|Waited/)).toBeNull();
  expect(crypto.queryByRole('button', { name: /I'm on it/ })).toBeNull();
  const buttons = crypto.getAllByRole('button').filter((button) => button.getAttribute('aria-label') !== 'Details, Crypto Profit');
  expect(buttons.map((button) => button.textContent)).toEqual(['Not spam', 'Add note', 'Delete']);
  expect(crypto.queryByText('URGENT')).not.toBeNull();
  // It waits for nobody: its badge says where it is, not Waiting.
  expect(crypto.getByText('Spam', { selector: '.badge' })).toBeTruthy();
  expect(crypto.queryByText('Waiting', { selector: '.badge' })).toBeNull();
});

test('every other view, All included, leaves Spam out', async () => {
  const store = new InMemoryQuoteRepository({ seed: [bot, priya] });
  renderInbox(store, '/quotes?view=all');
  await card('Priya Raman');
  expect(screen.queryByRole('heading', { name: 'Crypto Profit' })).toBeNull();
});

test('"Not spam" moves the request to Waiting with a toast; the card leaves the folder, and Waiting shows who moved it', async () => {
  const notifier = new InMemoryNotifier();
  const store = new InMemoryQuoteRepository({ seed: [bot, seo], onClearedSpam: (quote) => notifier.quoteSubmitted(quote) });
  const { user } = renderInbox(store);

  await user.click((await card('Crypto Profit')).getByRole('button', { name: 'Not spam, Crypto Profit' }));

  const status = await screen.findByRole('status');
  expect(await within(status).findByText('Moved to Waiting')).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Crypto Profit' })).toBeNull();
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Jessica Miller (www.rankfirst.example)' }));
  expect(notifier.sent.map(({ name }) => name)).toEqual(['Crypto Profit']);

  await user.click(screen.getByRole('radio', { name: /^Waiting( \d+)?$/ }));
  await openCard(user, 'Crypto Profit');
  const waiting = await card('Crypto Profit');
  const history = waiting.getByText('Timeline (1)').closest('details');
  expect(history?.textContent).toContain('Sent 20/11/2026 11:30');
  expect(history?.textContent).toContain('Moved from Spam 20/11/2026 12:00 by Demo');
  expect(waiting.getByText(/^On time/)).toBeTruthy();
  const [stored] = await storedQuotes(store);
  expect(stored?.spam?.cleared).toEqual({ by: demoStaffAccount.email, at: testNow });
  expect(stored?.createdAt).toEqual(testNow);
  expect(stored?.spam?.sentAt).toEqual(minutesBefore(30));
});

test('"Not spam" on one someone else moved already says so and reloads the list', async () => {
  const store = new InMemoryQuoteRepository({ seed: [bot] });
  const { user } = renderInbox(store);
  const crypto = await card('Crypto Profit');
  await store.record({ id: 'bot', step: { kind: 'spam-cleared' }, by: 'sam@example.co.uk', at: testNow });

  await user.click(crypto.getByRole('button', { name: 'Not spam, Crypto Profit' }));

  expect(await within(screen.getByRole('status')).findByText('Already moved')).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Crypto Profit' })).toBeNull());
  expect(await screen.findByText('Nothing in Spam.')).toBeTruthy();
});

test('when the store cannot be reached the card stays, and a destructive toast says nothing was changed', async () => {
  const store = new InMemoryQuoteRepository({ seed: [bot] });
  const failing = failingQuoteInbox(new Error('database unreachable'));
  const inbox: QuoteInbox = { ...failing, findPage: (request) => store.findPage(request), clockRecords: (since) => store.clockRecords(since) };
  const { user } = renderInbox(store, '/quotes?view=spam', inbox);

  await user.click((await card('Crypto Profit')).getByRole('button', { name: 'Not spam, Crypto Profit' }));

  expect(await within(screen.getByRole('alert')).findByText('Could not move the request')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Crypto Profit' })).toBeTruthy();
});

test('a rescued request is not in the folder, and Spam is empty', async () => {
  if (!bot.spam) throw new Error('the bot is not held as spam');
  const rescued = { ...bot, spam: { ...bot.spam, cleared: { by: 'sam@example.co.uk', at: testNow } } };
  const store = new InMemoryQuoteRepository({ seed: [rescued] });
  renderInbox(store);
  expect(await screen.findByText('Nothing in Spam.')).toBeTruthy();
});
