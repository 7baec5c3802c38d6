import { gasCopy } from '../domain/safety/gas-copy';
import { chooseView, expect, openDemoStaffList, quoteForm, takeAPersonsTime, test } from './fixtures';

test('in the offline demo, a gas smell typed brings the warning, the request goes urgent, and staff see it marked', async ({ page, scanAccessibility }) => {
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill('Gus Meter');
  await form.getByLabel('Phone number').fill('07700 900333');
  await form.getByLabel('Service type').selectOption({ label: 'Heating Services' });
  await form.getByLabel('Describe the job').pressSequentially('whole house smells of rotten eggs');

  const call = page.locator('#quote-gas-warning').getByRole('link', { name: gasCopy.call });
  await expect(call).toHaveAttribute('href', 'tel:0800111999');
  const box = await call.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(await scanAccessibility()).toEqual([]);

  await takeAPersonsTime(page);
  await form.getByRole('button', { name: 'Get Free Quote' }).click();
  await expect(page.getByRole('status').getByRole('link', { name: gasCopy.call })).toBeVisible();
  // The advice stays until the visitor dismisses it, as the demo's visitor then turns staff.
  await page.getByRole('button', { name: 'Dismiss notification' }).click();

  await openDemoStaffList(page);
  await chooseView(page, 'All');
  const newest = page.getByRole('article').first();
  await expect(newest.getByRole('heading', { level: 2 })).toHaveText('Gus Meter');
  await expect(newest).toContainText('URGENT');
  await expect(newest.getByText('Gas smell reported', { exact: true })).toBeVisible();
});
