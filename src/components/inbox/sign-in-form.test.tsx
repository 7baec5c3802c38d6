import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { demoStaffAccount } from '../../../adapters/memory/demo-staff-account';
import { InMemoryStaffAuth } from '../../../adapters/memory/in-memory-staff-auth';
import { NotSignedIn } from '../../../domain/staff/staff';
import { renderApp, testBackend } from '../../test-app.test-support';
import { sampleRequest } from '../../../fixtures/sample-request.test-support';

const account = { email: 'staff@example.co.uk', password: 'correct horse battery staple' };
const seeded = () =>
  new InMemoryQuoteRepository({
    seed: [sampleRequest({ id: 'q1', createdAt: new Date('2026-11-20T09:00:00Z'), name: 'Priya Raman' })],
  });

test('anyone not signed in gets the sign-in form at /quotes, and no request', async () => {
  renderApp({ path: '/quotes', backend: testBackend({ store: seeded(), staffAuth: new InMemoryStaffAuth({ account }) }) });

  expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
  expect(screen.queryByText('Priya Raman')).toBeNull();
  expect(screen.queryByRole('heading', { name: /Quote Requests/ })).toBeNull();
});

test('a wrong password is refused with a message; the right one opens the list', async () => {
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store: seeded(), staffAuth: new InMemoryStaffAuth({ account }) }) });
  const form = await screen.findByRole('form', { name: 'Staff sign-in' });

  await user.type(within(form).getByLabelText('Email'), account.email);
  await user.type(within(form).getByLabelText('Password'), 'guess');
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
  expect(await within(form).findByText('That email and password do not match a staff account.')).toBeTruthy();

  await user.clear(within(form).getByLabelText('Password'));
  await user.type(within(form).getByLabelText('Password'), account.password);
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('heading', { name: 'Priya Raman' })).toBeTruthy();
  expect(screen.getByRole('banner').textContent).toContain(`Signed in as ${account.email}`);
});

test('signing out on the settings page shows the sign-in form there and in the inbox, and the list is gone', async () => {
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store: seeded() }) });
  expect(await screen.findByRole('heading', { name: 'Priya Raman' })).toBeTruthy();
  const nav = within(screen.getByRole('navigation', { name: 'Staff' }));
  await user.click(nav.getByRole('link', { name: 'Settings' }));

  await user.click(await screen.findByRole('button', { name: 'Sign out' }));

  expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
  expect(screen.getByRole('banner').textContent).not.toContain('Signed in as');
  await user.click(nav.getByRole('link', { name: 'Inbox' }));
  expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
  expect(screen.queryByText('Priya Raman')).toBeNull();
});

test('a demo shows its account and signs in with one click', async () => {
  const { user } = renderApp({
    path: '/quotes',
    backend: testBackend({ store: seeded(), staffAuth: new InMemoryStaffAuth() }),
    demoStaff: demoStaffAccount,
  });

  expect(await screen.findByText('demo@se1plumbing.example')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Sign in with the demo account' }));
  expect(await screen.findByRole('heading', { name: 'Priya Raman' })).toBeTruthy();
});

test('when the session ends elsewhere, the next load shows the sign-in form', async () => {
  class ExpiredSession extends InMemoryQuoteRepository {
    override findPage() {
      return Promise.reject(new NotSignedIn());
    }
  }
  renderApp({ path: '/quotes', backend: testBackend({ store: new ExpiredSession() }) });

  expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
});
