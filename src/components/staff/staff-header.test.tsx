import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { InMemoryStaffAuth } from '../../../adapters/memory/in-memory-staff-auth';
import { request, testNow } from '../../inbox-test-data.test-support';
import { renderApp, testBackend } from '../../test-app.test-support';

const store = () => new InMemoryQuoteRepository({ seed: [request('priya', 'Priya Raman', 10)] });

/** The header's parts a visitor's page has and a staff page must not: they would ring the business itself. */
function expectNoPublicActions(header: HTMLElement) {
  expect(within(header).queryByRole('link', { name: 'Call Now' })).toBeNull();
  expect(within(header).queryByRole('link', { name: 'Get Quote' })).toBeNull();
  expect(within(header).queryByRole('link', { name: /^020 / })).toBeNull();
}

test('the inbox carries the staff header: the business, Inbox, Due for service, Report and Settings, and who is signed in', async () => {
  renderApp({ path: '/quotes', backend: testBackend({ store: store() }), now: () => testNow });
  expect(await screen.findByRole('heading', { name: 'Priya Raman' })).toBeTruthy();

  const header = screen.getByRole('banner');
  const nav = within(within(header).getByRole('navigation', { name: 'Staff' }));
  expect(nav.getByRole('link', { name: 'Inbox' }).getAttribute('href')).toBe('/quotes');
  expect(nav.getByRole('link', { name: 'Inbox' }).getAttribute('aria-current')).toBe('page');
  expect(nav.getByRole('link', { name: 'Due for service' }).getAttribute('href')).toBe('/quotes/service-due');
  expect(nav.getByRole('link', { name: 'Report' }).getAttribute('href')).toBe('/quotes/report');
  expect(nav.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/quotes/settings');
  expect(within(header).getByRole('link', { name: 'SE1 Plumbing & Heating' }).getAttribute('href')).toBe('/');
  expect(header.textContent).toContain('Signed in as demo@se1plumbing.example');
  expectNoPublicActions(header);
});

test('the settings page carries the staff header too, with Settings as the current page', async () => {
  const { user, router } = renderApp({ path: '/quotes/settings', backend: testBackend({ store: store() }), now: () => testNow });
  expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();

  const header = screen.getByRole('banner');
  const nav = within(within(header).getByRole('navigation', { name: 'Staff' }));
  expect(nav.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
  expect(nav.getByRole('link', { name: 'Inbox' }).getAttribute('aria-current')).toBeNull();
  expectNoPublicActions(header);

  await user.click(nav.getByRole('link', { name: 'Inbox' }));
  expect(await screen.findByRole('heading', { name: 'Priya Raman' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/quotes');
});

test('Due for service carries the staff header, as the current page', async () => {
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store: store() }), now: () => testNow });
  const nav = within(await screen.findByRole('navigation', { name: 'Staff' }));
  await user.click(nav.getByRole('link', { name: 'Due for service' }));
  expect(await screen.findByRole('heading', { level: 1, name: /^Due for service/ })).toBeTruthy();
  expect(nav.getByRole('link', { name: 'Due for service' }).getAttribute('aria-current')).toBe('page');
  expect(nav.getByRole('link', { name: 'Inbox' }).getAttribute('aria-current')).toBeNull();
  expectNoPublicActions(screen.getByRole('banner'));
});

test('the sign-in form, to anyone not signed in, has the staff header, saying nobody is signed in', async () => {
  renderApp({ path: '/quotes', backend: testBackend({ store: store(), staffAuth: new InMemoryStaffAuth() }) });
  expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();

  const header = screen.getByRole('banner');
  const nav = within(within(header).getByRole('navigation', { name: 'Staff' }));
  expect(nav.getByRole('link', { name: 'Inbox' })).toBeTruthy();
  expect(nav.getByRole('link', { name: 'Settings' })).toBeTruthy();
  expect(header.textContent).not.toContain('Signed in as');
  expectNoPublicActions(header);
});

test('a visitor page keeps the public header, with no staff links', async () => {
  renderApp({ path: '/privacy' });
  const header = await screen.findByRole('banner');

  expect(within(header).getByRole('link', { name: 'Get Quote' })).toBeTruthy();
  expect(within(header).queryByRole('navigation', { name: 'Staff' })).toBeNull();
});
