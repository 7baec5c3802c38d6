import { chooseView, expect, inboxCard, openDemoStaffList, openSettings, test } from './fixtures';

test('in the demo, staff find a customer by phone, download their data, and erase it until the page is reloaded', async ({ page }) => {
  await page.goto('/');
  await openDemoStaffList(page);
  await chooseView(page, 'All');
  await expect(inboxCard(page, 'Grace Whitfield')).toHaveCount(1);

  await openSettings(page);
  await page.getByRole('heading', { name: 'Customer data' }).click();
  await page.getByLabel('Phone number').fill('+44 7700 900456');
  await page.getByRole('button', { name: 'Find their data' }).click();
  const results = page.getByRole('region', { name: 'What we hold' });
  await expect(results).toContainText('Grace Whitfield');
  const [json] = await Promise.all([page.waitForEvent('download'), results.getByRole('button', { name: 'Download JSON' }).click()]);
  expect(json.suggestedFilename()).toMatch(/^customer-data-\d{4}-\d{2}-\d{2}\.json$/);

  await results.getByRole('button', { name: 'Erase all of it' }).click();
  await page.getByLabel('Type the email address or phone number again to confirm').fill('07700900456');
  await page.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Erased \d+ requests?/ })).toBeFocused();
  await expect(page.getByText('Emails already sent are outside our systems').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Inbox' }).click();
  await chooseView(page, 'All');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(inboxCard(page, 'Grace Whitfield')).toHaveCount(0);

  // The demo keeps everything in the page: a reload brings its fixtures back.
  await page.reload();
  await page.getByRole('button', { name: 'Sign in with the demo account' }).click();
  await chooseView(page, 'All');
  await expect(inboxCard(page, 'Grace Whitfield')).toHaveCount(1);
});
