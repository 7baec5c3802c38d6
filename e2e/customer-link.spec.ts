import { demoCustomerToken } from '../fixtures/demo-fixture';
import { expect, openCard, openDemoStaffList, quoteForm, takeAPersonsTime, test } from './fixtures';

// The demo's customer page: the page's own store serves the link, so everything happens in this tab.

test('the demo customer follows their request, sends a message, and the demo inbox shows it on their card', async ({ page, consoleErrors, scanAccessibility }) => {
  await page.goto(`/r/${demoCustomerToken}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your request');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  await expect(page.getByRole('region', { name: 'Where it stands' })).toBeVisible();
  expect(await scanAccessibility()).toEqual([]);

  await page.getByLabel('Add a message').fill('The leak is worse now');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('article', { name: 'Your request' }).getByRole('status')).toContainText('We have your message');
  await expect(page.getByRole('region', { name: 'Your messages' })).toContainText('The leak is worse now');

  const name = (await page.getByRole('region', { name: 'What you asked for' }).locator('dt:text-is("Name") + dd').textContent()) ?? '';
  await openDemoStaffList(page);
  await expect(await openCard(page, name)).toContainText('The leak is worse now');
  expect(consoleErrors).toEqual([]);
});

test('in the demo, the thanks link to the request just sent, which the page still holds', async ({ page }) => {
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill('Ada Lovell');
  await form.getByLabel('Phone number').fill('07700 900557');
  await form.getByLabel('Service type').selectOption({ label: 'Heating Services' });
  await form.getByLabel('Describe the job').fill('Radiator cold in the back bedroom');
  await takeAPersonsTime(page);
  await form.getByRole('button', { name: 'Get Free Quote' }).click();
  await page.getByRole('status').getByRole('link', { name: 'Follow your request' }).click();
  await expect(page).toHaveURL(/\/r\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('region', { name: 'What you asked for' })).toContainText('Radiator cold in the back bedroom');
  await expect(page.getByRole('region', { name: 'Where it stands' })).toBeVisible();
});

test('"No longer needed" in the demo asks, then closes the request', async ({ page }) => {
  await page.goto(`/r/${demoCustomerToken}`);
  await page.getByRole('button', { name: 'No longer needed' }).click();
  await expect(page.getByRole('heading', { name: 'Close your request?' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, close my request' }).click();
  await expect(page.getByRole('article', { name: 'Your request' }).getByRole('status')).toContainText('Your request is closed');
  await expect(page.getByRole('button', { name: 'No longer needed' })).toHaveCount(0);
});

test('a guessed link in the demo is the 404 page', async ({ page }) => {
  await page.goto(`/r/${'A'.repeat(43)}`);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});
