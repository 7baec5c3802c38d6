import { act, screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { renderApp } from '../../test-app.test-support';

afterEach(() => {
  vi.useRealTimers();
});

test('a toast can be dismissed with its close button', async () => {
  const { router, user } = renderApp();
  await screen.findByRole('banner');

  act(() => {
    router.options.context.toasts.getState().show({ title: 'Saved', description: 'All done' });
  });
  const status = screen.getByRole('status');
  expect(within(status).getByText('Saved')).toBeTruthy();

  await user.click(within(status).getByRole('button', { name: 'Dismiss notification' }));
  expect(within(status).queryByText('Saved')).toBeNull();
});

test('a toast goes by itself after eight seconds, and destructive ones are alerts', async () => {
  const { router } = renderApp();
  await screen.findByRole('banner');
  vi.useFakeTimers();

  act(() => {
    router.options.context.toasts.getState().show({ title: 'Oh no', description: 'Broken', variant: 'destructive' });
  });
  expect(within(screen.getByRole('alert')).getByText('Oh no')).toBeTruthy();

  act(() => {
    vi.advanceTimersByTime(7_900);
  });
  expect(screen.queryByText('Oh no')).not.toBeNull();
  act(() => {
    vi.advanceTimersByTime(200);
  });
  expect(screen.queryByText('Oh no')).toBeNull();
});

test('a toast with a link stays until it is dismissed, so there is time to follow it', async () => {
  const { router } = renderApp();
  await screen.findByRole('banner');
  vi.useFakeTimers();

  act(() => {
    router.options.context.toasts.getState().show({ title: 'Sent', description: 'Thanks', link: { href: '/r/abc', label: 'Follow your request' } });
  });
  act(() => {
    vi.advanceTimersByTime(60_000);
  });
  expect(within(screen.getByRole('status')).getByRole('link', { name: 'Follow your request' }).getAttribute('href')).toBe('/r/abc');
});
