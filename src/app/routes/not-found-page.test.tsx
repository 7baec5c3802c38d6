import { screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { loggedNotFoundAttribute } from '../../render/interaction-loader';
import { renderApp } from '../../test-app.test-support';

afterEach(() => {
  vi.restoreAllMocks();
});

test('an unknown path shows the 404 page, links home and logs the path', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const { user, router } = renderApp({ path: '/boiler-prices' });

  expect(await screen.findByText('Oops! Page not found')).toBeTruthy();
  expect(consoleError).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/boiler-prices');

  await user.click(screen.getByRole('link', { name: 'Return to Home' }));
  expect(router.state.location.pathname).toBe('/');
  expect(await screen.findByRole('heading', { level: 1, name: 'Professional Plumbing & Heating Services in SE1' })).toBeTruthy();
});

test('a 404 page our server drew, whose path its loader already logged, is not logged again as its scripts take over', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  document.documentElement.setAttribute(loggedNotFoundAttribute, '/boiler-prices');
  renderApp({ path: '/boiler-prices' });

  expect(await screen.findByText('Oops! Page not found')).toBeTruthy();
  expect(consoleError).not.toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/boiler-prices');
  expect(document.documentElement.hasAttribute(loggedNotFoundAttribute)).toBe(false);
});
