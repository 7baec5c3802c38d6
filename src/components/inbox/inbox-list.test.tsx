import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { request, testNow } from '../../inbox-test-data.test-support';
import { renderApp, testBackend } from '../../test-app.test-support';

// 110 standard requests, one a minute: the waiting view lists the oldest (the most overdue) first.
const many = Array.from({ length: 110 }, (_, index) => request(`q${String(index).padStart(3, '0')}`, `Customer ${index + 1}`, 300 - index));

// With a hundred cards on the page, working out every button's accessible name takes jsdom many
// seconds: these queries go by text, and by role only where no name is computed.
const cardNames = () =>
  screen
    .getAllByRole('heading', { level: 2, hidden: true })
    .map((heading) => heading.textContent)
    .filter((name) => /^Customer \d/.test(name));
const showMore = (count: number) => screen.getByText(`Show ${count} more`, { selector: 'button' });

test('a page of 50 at a time: the heading counts them all, and Show more appends the next page and moves focus to it', async () => {
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store: new InMemoryQuoteRepository({ seed: many }) }), now: () => testNow });

  expect(await screen.findByText('Showing 50 of 110')).toBeTruthy();
  expect(cardNames()).toHaveLength(50);
  expect(screen.getByRole('heading', { level: 1, hidden: true }).textContent).toBe('Quote Requests (110)');

  await user.click(showMore(50));

  expect(await screen.findByText('Showing 100 of 110')).toBeTruthy();
  expect(cardNames()).toHaveLength(100);
  expect(document.activeElement?.tagName).toBe('H2');
  expect(document.activeElement?.textContent).toBe('Customer 51');

  await user.click(showMore(10));

  expect(await screen.findByText('Showing 110 of 110')).toBeTruthy();
  expect(document.activeElement?.textContent).toBe('Customer 101');
  expect(screen.queryByText(/^Show \d+ more$/)).toBeNull();
  const names = cardNames();
  expect(new Set(names).size).toBe(110);
  expect(names.at(-1)).toBe('Customer 110');
});
