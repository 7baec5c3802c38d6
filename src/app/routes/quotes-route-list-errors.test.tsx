import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { toWireFirstScreen } from '../../../adapters/http-api/inbox-page-state';
import { failingQuoteInbox } from '../../../adapters/memory/failing-quote-inbox.test-support';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { copy } from '../../../domain/copy';
import { defaultInboxQuery, inboxPageSize } from '../../../domain/inbox/inbox-query';
import { request, testNow } from '../../inbox-test-data.test-support';
import { renderApp, testBackend } from '../../test-app.test-support';

// On our server the inbox arrives drawn with its first page, so the browser's first read of the list
// is the staff member's own: Refresh, the next page, another view, a search. Each that fails says so.

const { title, description } = copy.toasts.listFailed;

/** The inbox as our server draws it, with `count` requests waiting, over a store that can no longer be read. */
async function drawnThenUnreachable(count: number) {
  const seeded = new InMemoryQuoteRepository({ seed: Array.from({ length: count }, (_, index) => request(`q${String(index)}`, `Customer ${index + 1}`, 90 - index)) });
  const page = await seeded.findPage({ query: defaultInboxQuery, after: null, limit: inboxPageSize, now: testNow });
  const first = { staff: { email: 'sam@se1plumbing.example' }, at: testNow, query: defaultInboxQuery, page, summary: null, counts: null };
  const rendered = renderApp({
    path: '/quotes',
    backend: testBackend({ inbox: failingQuoteInbox(new Error('database unreachable')) }),
    initial: { inbox: toWireFirstScreen(first) },
    now: () => testNow,
  });
  expect(await screen.findByRole('heading', { name: 'Customer 1' })).toBeTruthy();
  // Drawn as it arrived: nothing has been read, and nothing has failed yet.
  expect(screen.queryByText(description)).toBeNull();
  return rendered;
}

async function expectListFailed() {
  const alert = await screen.findByRole('alert');
  expect(await within(alert).findByText(title)).toBeTruthy();
  expect(within(alert).getByText(description)).toBeTruthy();
}

const steps: readonly [string, number, (user: UserEvent) => Promise<void>][] = [
  ['Refresh', 2, (user) => user.click(screen.getByRole('button', { name: copy.quotes.refresh }))],
  ['the next page', inboxPageSize + 1, (user) => user.click(screen.getByRole('button', { name: 'Show 1 more' }))],
  ['another view', 2, (user) => user.click(screen.getByRole('radio', { name: /^Contacted( \d+)?$/ }))],
  ['a search', 2, (user) => user.type(screen.getByRole('searchbox', { name: 'Search' }), 'boiler{Enter}')],
];

test.each(steps)('on the inbox the server drew, %s that cannot read the list says Error / Failed to fetch quote requests', async (_, count, step) => {
  const { user } = await drawnThenUnreachable(count);

  await step(user);

  await expectListFailed();
  // What was shown stays shown.
  expect(screen.getByRole('heading', { name: 'Customer 1' })).toBeTruthy();
});

test('Refresh that fails again says so again', async () => {
  const { user } = await drawnThenUnreachable(1);
  const refresh = screen.getByRole('button', { name: copy.quotes.refresh });
  await user.click(refresh);
  await expectListFailed();
  await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
  expect(screen.queryByText(description)).toBeNull();

  await user.click(refresh);

  await expectListFailed();
});
