import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { answered, request, testNow } from '../../inbox-test-data.test-support';
import { renderApp, testBackend } from '../../test-app.test-support';

const seed = [
  request('priya', 'Priya Raman', 12, { urgent: true, serviceType: 'emergency', phone: '07700 900123', description: 'Leak through the kitchen ceiling' }),
  request('grace', 'Grace Whitfield', 50, { serviceType: 'bathroom', phone: '07700 900456', description: 'Walk-in shower' }),
  answered(request('marco', 'Marco Bellini', 300, { serviceType: 'general', description: 'Slow kitchen sink' }), 280),
  // London days in summer time: 23:30 UTC on 30 June is 00:30 on 1 July in London.
  request('early', 'First Of July', 0, { createdAt: new Date('2026-06-30T23:30:00Z') }),
  request('late', 'Last Minute Of July First', 0, { createdAt: new Date('2026-07-01T22:59:00Z') }),
  request('next', 'Second Of July', 0, { createdAt: new Date('2026-07-01T23:00:00Z') }),
  request('before', 'Thirtieth Of June', 0, { createdAt: new Date('2026-06-30T22:59:00Z') }),
];

function renderInbox(path: string) {
  return renderApp({ path, backend: testBackend({ store: new InMemoryQuoteRepository({ seed }) }), now: () => testNow });
}

const names = async () => (await screen.findAllByRole('article')).map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
const filters = () => within(screen.getByRole('search', { name: 'Filter quote requests' }));
/** Unfolds the service, urgency, area and date fields, which stay folded until asked for. */
async function openFilters(user: UserEvent) {
  const toggle = filters().getByRole('button', { name: /^Filters/ });
  if (toggle.getAttribute('aria-expanded') === 'false') await user.click(toggle);
}

test('a search typed and sent with Enter goes into the address and finds a request by its phone digits', async () => {
  const { user, router } = renderInbox('/quotes?view=all');
  expect(await names()).toHaveLength(7);

  await user.type(filters().getByRole('searchbox', { name: 'Search' }), '900123{Enter}');

  await waitFor(() => expect(router.state.location.href).toBe('/quotes?view=all&q=%22900123%22'));
  expect(await names()).toEqual(['Priya Raman']);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote Requests (1)');
  expect(filters().getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('900123');
});

test('words from the job find every request that has them all', async () => {
  renderInbox('/quotes?view=all&q=kitchen');
  expect(await names()).toEqual(['Priya Raman', 'Marco Bellini']);
});

test('the service and urgency filters narrow the list, and come back from the address', async () => {
  const { user, router } = renderInbox('/quotes?view=all&service=bathroom');
  expect(await names()).toEqual(['Grace Whitfield']);
  await openFilters(user);
  expect(filters().getByRole<HTMLSelectElement>('combobox', { name: 'Service' }).value).toBe('bathroom');

  await user.selectOptions(filters().getByRole('combobox', { name: 'Service' }), 'Any service');
  await user.selectOptions(filters().getByRole('combobox', { name: 'Urgency' }), 'Urgent only');
  await user.click(filters().getByRole('button', { name: 'Apply' }));

  await waitFor(() => expect(router.state.location.href).toBe('/quotes?view=all&urgent=true'));
  expect(await names()).toEqual(['Priya Raman']);

  await user.selectOptions(filters().getByRole('combobox', { name: 'Urgency' }), 'Not urgent');
  await user.click(filters().getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Priya Raman' })).toBeNull());
  expect(await names()).toHaveLength(6);
});

test('From and To are whole London days, To included', async () => {
  const { user, router } = renderInbox('/quotes?view=all');
  await names();
  await openFilters(user);

  await user.type(filters().getByLabelText('From'), '2026-07-01');
  await user.type(filters().getByLabelText('To'), '2026-07-01');
  await user.click(filters().getByRole('button', { name: 'Apply' }));

  await waitFor(() => expect(router.state.location.href).toBe('/quotes?view=all&from=2026-07-01&to=2026-07-01'));
  await waitFor(async () => expect(await names()).toEqual(['Last Minute Of July First', 'First Of July']));
});

test('a To date before the From date is named beside the field and nothing changes', async () => {
  const { user, router } = renderInbox('/quotes?view=all');
  await names();
  await openFilters(user);

  await user.type(filters().getByLabelText('From'), '2026-07-02');
  await user.type(filters().getByLabelText('To'), '2026-07-01');
  await user.click(filters().getByRole('button', { name: 'Apply' }));

  const to = filters().getByLabelText('To');
  expect(to.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(to.getAttribute('aria-describedby') ?? '')?.textContent).toBe('The From date must be on or before the To date');
  expect(router.state.location.href).toBe('/quotes?view=all');
});

test('choosing a view applies it at once, keeping what was typed; Clear empties the filters but keeps the view', async () => {
  const { user, router } = renderInbox('/quotes');
  expect(await names()).toHaveLength(6);

  await user.type(filters().getByRole('searchbox', { name: 'Search' }), 'kitchen');
  await user.click(filters().getByRole('radio', { name: /^Contacted( \d+)?$/ }));

  await waitFor(() => expect(router.state.location.href).toBe('/quotes?view=contacted&q=kitchen'));
  expect(await names()).toEqual(['Marco Bellini']);
  expect(filters().getByRole<HTMLInputElement>('radio', { name: /^Contacted( \d+)?$/ }).checked).toBe(true);

  await openFilters(user);
  await user.click(filters().getByRole('button', { name: 'Clear' }));
  await waitFor(() => expect(router.state.location.href).toBe('/quotes?view=contacted'));
  expect(filters().getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('');
});

test('values the address holds that mean nothing fall back to the defaults instead of an error', async () => {
  const { user } = renderInbox('/quotes?view=maybe&urgent=perhaps&service=roofing&from=2026-02-30&to=soon');

  expect(await screen.findByRole('heading', { name: 'Priya Raman' })).toBeTruthy();
  expect(filters().getByRole('button', { name: 'Filters' })).toBeTruthy();
  await openFilters(user);
  expect(filters().getByRole<HTMLInputElement>('radio', { name: /^Waiting( \d+)?$/ }).checked).toBe(true);
  expect(filters().getByRole<HTMLSelectElement>('combobox', { name: 'Service' }).value).toBe('');
  expect(filters().getByLabelText<HTMLInputElement>('From').value).toBe('');
});

test('the area filter keeps requests from our districts or from outside them, and a search finds a postcode', async () => {
  const store = new InMemoryQuoteRepository({
    seed: [
      request('inside', 'Ada Inside', 10, { postcode: 'SE1 7PB' }),
      request('outside', 'Ola Outside', 20, { postcode: 'N1 9GU' }),
      request('none', 'Nell None', 30, { postcode: null }),
    ],
  });
  const { user, router } = renderApp({ path: '/quotes?view=all', backend: testBackend({ store }), now: () => testNow });
  expect(await names()).toEqual(['Ada Inside', 'Ola Outside', 'Nell None']);
  await openFilters(user);

  await user.selectOptions(filters().getByRole('combobox', { name: 'Our area' }), 'Outside');
  await user.click(filters().getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(router.state.location.href).toBe('/quotes?view=all&area=outside'));
  expect(await names()).toEqual(['Ola Outside']);

  await user.selectOptions(filters().getByRole('combobox', { name: 'Our area' }), 'Inside');
  await user.click(filters().getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Ola Outside' })).toBeNull());
  expect(await names()).toEqual(['Ada Inside']);

  await user.selectOptions(filters().getByRole('combobox', { name: 'Our area' }), 'Anywhere');
  await user.type(filters().getByRole('searchbox', { name: 'Search' }), 'n1 9gu{Enter}');
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Ada Inside' })).toBeNull());
  expect(await names()).toEqual(['Ola Outside']);
});

test('the filters stay folded until asked for, and their button says how many the address applies', async () => {
  const { user } = renderInbox('/quotes?view=all&service=bathroom&urgent=false&q=shower');
  expect(await names()).toEqual(['Grace Whitfield']);

  // The search is not one of them: it is always in view.
  const toggle = filters().getByRole('button', { name: 'Filters (2)' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(filters().getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('shower');
  expect(filters().getByRole('button', { name: 'Search' }).getAttribute('type')).toBe('submit');
  expect(filters().queryByRole('combobox', { name: 'Service' })).toBeNull();

  await user.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(filters().getByRole<HTMLSelectElement>('combobox', { name: 'Service' }).value).toBe('bathroom');
  expect(filters().getByRole<HTMLSelectElement>('combobox', { name: 'Urgency' }).value).toBe('no');
});

test('a search sent with its Search button finds the same as one sent with Enter', async () => {
  const { user, router } = renderInbox('/quotes?view=all');
  expect(await names()).toHaveLength(7);

  await user.type(filters().getByRole('searchbox', { name: 'Search' }), 'shower');
  await user.click(filters().getByRole('button', { name: 'Search' }));

  await waitFor(() => expect(router.state.location.href).toBe('/quotes?view=all&q=shower'));
  expect(await names()).toEqual(['Grace Whitfield']);
});

test('each view says how many requests it holds, whatever the search, and the counts follow a move', async () => {
  const { user } = renderInbox('/quotes?q=Priya');
  expect(await names()).toEqual(['Priya Raman']);
  // Six wait, one was answered; nothing is in Spam: counted over the whole inbox, not the search.
  await waitFor(() => expect(filters().getByRole('radio', { name: 'Waiting 6' })).toBeTruthy());
  expect(filters().getByRole('radio', { name: 'Contacted 1' })).toBeTruthy();
  expect(filters().getByRole('radio', { name: 'All 7' })).toBeTruthy();
  expect(filters().getByRole('radio', { name: 'Spam 0' })).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Details, Priya Raman' }));
  await user.click(screen.getByRole('button', { name: 'Mark contacted, Priya Raman' }));
  await waitFor(() => expect(filters().getByRole('radio', { name: 'Waiting 5' })).toBeTruthy());
  expect(filters().getByRole('radio', { name: 'Contacted 2' })).toBeTruthy();
});
