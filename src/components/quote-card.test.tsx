import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import { deleteQuote } from '../../domain/delete-quote';
import { listQuotes } from '../../domain/list-quotes';
import type { QuoteRequest } from '../../domain/quote';
import { NotSignedIn } from '../../domain/staff';
import { createAppContext } from '../app-context';
import { type Backend, loadedBackend } from '../backends/backend';
import { createAppRouter } from '../router';
import { createQuoteListStore } from '../stores/quote-list-store';
import { testBackend } from '../test-app';

afterEach(() => {
  vi.restoreAllMocks();
});

const priya: QuoteRequest = {
  id: 'priya',
  createdAt: new Date('2026-11-20T09:00:00Z'),
  name: 'Priya Raman',
  email: 'priya@example.co.uk',
  phone: '07700 900123',
  serviceType: 'emergency',
  description: 'Water through the kitchen ceiling',
  urgent: true,
};
const tom: QuoteRequest = { ...priya, id: 'tom', name: 'Tom Okafor', createdAt: new Date('2026-11-19T09:00:00Z') };

/** /quotes over `backend`, its list store deleting through the deleteQuote use case. */
function renderQuotes(backend: Backend) {
  const context = createAppContext(loadedBackend(backend));
  const signedOut = vi.fn<() => void>();
  const quoteList = createQuoteListStore({
    listQuotes: () => listQuotes(backend),
    deleteQuote: (id) => deleteQuote(backend, id),
    toasts: context.toasts,
    onNotSignedIn: signedOut,
  });
  const router = createAppRouter({ ...context, quoteList }, createMemoryHistory({ initialEntries: ['/quotes'] }));
  render(<RouterProvider router={router} />);
  return { user: userEvent.setup(), signedOut };
}

const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('article') ?? undefined;
const deleteButton = (name: string) => screen.getByRole('button', { name: `Delete request from ${name}` });

test('each card has a Delete button that names whose request it deletes', async () => {
  renderQuotes(testBackend({ quotes: new InMemoryQuoteRepository({ seed: [priya, tom] }) }));

  const priyaCard = await card('Priya Raman');
  if (!priyaCard) throw new Error('no card for Priya');
  const button = within(priyaCard).getByRole('button', { name: 'Delete request from Priya Raman' });
  expect(button.textContent).toBe('Delete');
  expect(deleteButton('Tom Okafor')).toBeTruthy();
});

test('confirmed, the request is deleted from the store and its card goes; the others stay', async () => {
  const quotes = new InMemoryQuoteRepository({ seed: [priya, tom] });
  const { user } = renderQuotes(testBackend({ quotes }));
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
  await card('Priya Raman');

  await user.click(deleteButton('Priya Raman'));

  expect(confirm).toHaveBeenCalledWith(
    'Delete the request from Priya Raman? It will be removed for good and cannot be brought back.',
  );
  const status = await screen.findByRole('status');
  expect(await within(status).findByText('Request Deleted')).toBeTruthy();
  expect(within(status).getByText('The request from Priya Raman has been deleted.')).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Priya Raman' })).toBeNull();
  expect(screen.getByRole('heading', { name: 'Tom Okafor' })).toBeTruthy();
  expect((await quotes.listNewestFirst()).map(({ id }) => id)).toEqual(['tom']);
});

test('declined, nothing happens', async () => {
  const quotes = new InMemoryQuoteRepository({ seed: [priya, tom] });
  const { user } = renderQuotes(testBackend({ quotes }));
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
  await card('Priya Raman');

  await user.click(deleteButton('Priya Raman'));

  expect(confirm).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('heading', { name: 'Priya Raman' })).toBeTruthy();
  expect(screen.queryByRole('status')?.textContent ?? '').not.toContain('Deleted');
  expect(await quotes.listNewestFirst()).toHaveLength(2);
});

test('when the store fails, a destructive toast says so and the card stays', async () => {
  class FailingDeletes extends InMemoryQuoteRepository {
    override delete(): Promise<boolean> {
      return Promise.reject(new Error('database unreachable'));
    }
  }
  const { user } = renderQuotes(testBackend({ quotes: new FailingDeletes({ seed: [priya] }) }));
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  await card('Priya Raman');

  await user.click(deleteButton('Priya Raman'));

  const alert = await screen.findByRole('alert');
  expect(await within(alert).findByText('Could not delete the request')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Priya Raman' })).toBeTruthy();
  expect(deleteButton('Priya Raman').getAttribute('aria-disabled')).toBe('false');
});

test('a request someone else deleted first leaves the list, and the toast says it was already gone', async () => {
  const quotes = new InMemoryQuoteRepository({ seed: [priya, tom] });
  const { user } = renderQuotes(testBackend({ quotes }));
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  await card('Priya Raman');
  await quotes.delete('priya');

  await user.click(deleteButton('Priya Raman'));

  const status = await screen.findByRole('status');
  expect(await within(status).findByText('Already Deleted')).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Priya Raman' })).toBeNull();
});

test('a staff session that has ended is reported, and the list is put away', async () => {
  class SignedOutDeletes extends InMemoryQuoteRepository {
    override delete(): Promise<boolean> {
      return Promise.reject(new NotSignedIn());
    }
  }
  const { user, signedOut } = renderQuotes(testBackend({ quotes: new SignedOutDeletes({ seed: [priya] }) }));
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  await card('Priya Raman');

  await user.click(deleteButton('Priya Raman'));

  expect(signedOut).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('heading', { name: 'Priya Raman' })).toBeNull();
});
