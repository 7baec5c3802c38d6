import { act, screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { request, testNow } from '../../inbox-test-data.test-support';
import { openCard, renderApp, testBackend } from '../../test-app.test-support';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';

afterEach(() => {
  vi.useRealTimers();
});

test('once a minute the inbox looks for new requests, says how many, and shows them when asked, leaving typing alone', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const store = new InMemoryQuoteRepository({ seed: [request('ada', 'Ada Lovelace', 30)], now: () => testNow });
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store }), now: () => testNow });
  const ada = within((await screen.findByRole('heading', { name: 'Ada Lovelace' })).closest('article') ?? document.body);
  await openCard(user, 'Ada Lovelace');
  await user.type(ada.getByLabelText('Add a note'), 'Half-written note');
  await store.insert(sampleQuote({ name: 'Ben Okri' }));

  await act(async () => {
    vi.advanceTimersByTime(60_000);
    await Promise.resolve();
  });

  expect(await screen.findByText('1 new request')).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote Requests (2)');
  expect(screen.queryByRole('heading', { name: 'Ben Okri' })).toBeNull();
  expect(ada.getByLabelText<HTMLTextAreaElement>('Add a note').value).toBe('Half-written note');

  await user.click(screen.getByRole('button', { name: 'Show' }));

  expect(await screen.findByRole('heading', { name: 'Ben Okri' })).toBeTruthy();
  expect(screen.queryByText('1 new request')).toBeNull();
  expect(ada.getByLabelText<HTMLTextAreaElement>('Add a note').value).toBe('Half-written note');
});
