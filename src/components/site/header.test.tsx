import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { renderApp } from '../../test-app.test-support';

afterEach(() => {
  vi.restoreAllMocks();
});

test('the header shows the availability note, the phone link and Get Quote, and Call Now for small screens', async () => {
  renderApp();
  const header = await screen.findByRole('banner');

  expect(within(header).getByText('Available 7 Days a Week')).toBeTruthy();
  expect(within(header).getByRole('link', { name: '020 7946 0123' }).getAttribute('href')).toBe('tel:+442079460123');
  expect(within(header).getByRole('link', { name: 'Call Now' }).getAttribute('href')).toBe('tel:+442079460123');
  expect(within(header).getByRole('link', { name: 'Get Quote' }).getAttribute('href')).toBe('/#quote-section');
});

test('Get Quote on the home page scrolls to the quote section', async () => {
  const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
  const { user } = renderApp();
  const header = await screen.findByRole('banner');

  await user.click(within(header).getByRole('link', { name: 'Get Quote' }));

  expect(scrolled.mock.contexts.map((element) => (element as Element).id)).toEqual(['quote-section']);
  expect(scrolled).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  expect(document.activeElement?.id).toBe('quote-section');
});

test('Get Quote from another page goes home first, then scrolls to the quote section', async () => {
  const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
  const { user, router } = renderApp({ path: '/privacy' });
  const header = await screen.findByRole('banner');

  await user.click(within(header).getByRole('link', { name: 'Get Quote' }));

  expect(router.state.location.pathname).toBe('/');
  await waitFor(() => {
    expect(scrolled.mock.contexts.map((element) => (element as Element).id)).toEqual(['quote-section']);
  });
});

test('the business name leads to the home page', async () => {
  const { user, router } = renderApp({ path: '/privacy' });
  const header = await screen.findByRole('banner');

  await user.click(within(header).getByRole('link', { name: 'SE1 Plumbing & Heating' }));

  expect(router.state.location.pathname).toBe('/');
});
