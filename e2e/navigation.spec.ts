import { expect, test } from './fixtures';

test('an unknown path shows the 404 page, logs the path and links home', async ({ page, consoleErrors }) => {
  await page.goto('/no-such-page');

  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect(consoleErrors).toContain('404 Error: User attempted to access non-existent route: /no-such-page');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('Get Quote on another page goes home and brings the quote form into view', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Get Quote' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Request a Quote' })).toBeInViewport();
  await expect(page.locator('#quote-section')).toBeFocused();
});

test('Get Free Quote in the hero scrolls to the form', async ({ page }) => {
  await page.goto('/');
  await page.locator('.hero').getByRole('link', { name: 'Get Free Quote' }).click();
  await expect(page.getByRole('heading', { name: 'Request a Quote' })).toBeInViewport();
});

test('the staff pages carry their own header, with no Call Now or Get Quote to ring the business itself', async ({ page }) => {
  await page.goto('/quotes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff sign-in');
  const header = page.getByRole('banner');
  await expect(header.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
  await expect(header.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/quotes/settings');
  await expect(header.getByRole('link', { name: /Call Now|Get Quote/ })).toHaveCount(0);
  await expect(header.locator('a[href^="tel:"]')).toHaveCount(0);
});

test('the business name leads home', async ({ page }) => {
  await page.goto('/quotes');
  await page.getByRole('banner').getByRole('link', { name: 'SE1 Plumbing & Heating' }).click();
  await expect(page).toHaveURL('/');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header offers only Call Now', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Call Now' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', 'tel:+442079460123');
    await expect(header.getByRole('link', { name: 'Get Quote' })).toBeHidden();
    await expect(header.getByText('Available 7 Days a Week')).toBeHidden();
  });
});

test('on a desktop the header shows availability, the phone number and Get Quote, not Call Now', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByText('Available 7 Days a Week')).toBeVisible();
  await expect(header.getByRole('link', { name: '020 7946 0123' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Get Quote' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Call Now' })).toBeHidden();
});
