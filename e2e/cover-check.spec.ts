import { expect, test } from './fixtures';

// The demo has no server of ours: "Do we cover you?" is answered by the page's own scripts.

test('the demo lists where we work and answers the postcode check in place', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Where we work' });
  await expect(section.getByRole('listitem').filter({ hasText: 'SE16' })).toContainText('Rotherhithe');

  const form = page.getByRole('form', { name: 'Do we cover you?' });
  const field = form.getByLabel('Your postcode');
  await field.fill('se17 1ab');
  await form.getByRole('button', { name: 'Check' }).click();
  await expect(form.locator('[aria-live="polite"]')).toHaveText('Yes, we cover SE17. Ask for a free quote');
  expect(new URL(page.url()).search).toBe('');

  await field.fill('CR2 6XH');
  await field.press('Enter');
  await expect(form.locator('[aria-live="polite"]')).toHaveText("That's outside our usual area, but ask anyway.");
  await expect(field).toHaveValue('CR2 6XH');
});

test('a check the static page was sent as a plain form is answered once the scripts run', async ({ page }) => {
  await page.goto('/?postcode=SE11+4AA#cover');
  // The page's scripts load on the visitor's first move.
  await page.mouse.click(5, 5);
  const form = page.getByRole('form', { name: 'Do we cover you?' });
  await expect(form.locator('[aria-live="polite"]')).toHaveText('Yes, we cover SE11. Ask for a free quote');
  await expect(form.getByLabel('Your postcode')).toHaveValue('SE11 4AA');
});
