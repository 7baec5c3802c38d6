import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { OfflineBanner } from './offline-banner';

afterEach(() => {
  vi.restoreAllMocks();
});

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

test('says plainly when the device loses its connection, and goes when it is back', () => {
  render(<OfflineBanner />);
  expect(screen.queryByRole('status')).toBeNull();

  goOffline(true);
  expect(screen.getByRole('status').textContent).toBe("You're offline. The inbox will catch up when the connection is back.");

  goOffline(false);
  expect(screen.queryByRole('status')).toBeNull();
});

test('a page opened offline says so at once', () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  render(<OfflineBanner />);
  expect(screen.getByRole('status').textContent).toContain("You're offline.");
});
