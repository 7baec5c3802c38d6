import type { Page } from '@playwright/test';
import { expect, takenOverByScripts, test } from '../fixtures';

// "Do we cover you?" as our server sends it: a plain GET form the server answers without scripts,
// and answered in place, with no request, once the page's scripts have taken it over.

const checkForm = (page: Page) => page.getByRole('form', { name: 'Do we cover you?' });

test('without scripts the server answers the check in the page, opening at it, with what was typed kept', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ...(baseURL === undefined ? {} : { baseURL }) });
  const page = await context.newPage();
  try {
    await page.goto('/');
    const form = checkForm(page);
    const field = form.getByLabel('Your postcode');

    await field.fill('se16 4ab');
    await form.getByRole('button', { name: 'Check' }).click();
    await expect(page).toHaveURL(/\/\?postcode=se16\+4ab#cover$/);
    await expect(checkForm(page).locator('[aria-live="polite"]')).toHaveText('Yes, we cover SE16. Ask for a free quote');
    await expect(checkForm(page).getByLabel('Your postcode')).toHaveValue('se16 4ab');

    await checkForm(page).getByLabel('Your postcode').fill('SE10 9NF');
    await checkForm(page).getByRole('button', { name: 'Check' }).click();
    const status = checkForm(page).locator('[aria-live="polite"]');
    await expect(status).toHaveText("That's outside our usual area, but ask anyway.");
    await status.getByRole('link', { name: 'ask anyway' }).click();
    await expect(page).toHaveURL(/#quote-section$/);

    await checkForm(page).getByLabel('Your postcode').fill('London');
    await checkForm(page).getByRole('button', { name: 'Check' }).click();
    const refused = checkForm(page).getByLabel('Your postcode');
    await expect(refused).toHaveAttribute('aria-invalid', 'true');
    await expect(refused).toHaveAccessibleDescription('Enter your postcode as a UK postcode, like SE1 7PB');
    await expect(refused).toHaveValue('London');
  } finally {
    await context.close();
  }
});

test('with scripts the answer comes in place: no page load and no request', async ({ page, scanAccessibility }) => {
  await page.goto('/');
  const form = checkForm(page);
  const field = form.getByLabel('Your postcode');
  await field.click();
  await takenOverByScripts(form);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  await field.fill('sw9 6hp');
  await field.press('Enter');
  await expect(form.locator('[aria-live="polite"]')).toHaveText('Yes, we cover SW9. Ask for a free quote');

  await field.fill('N1 9GU');
  await form.getByRole('button', { name: 'Check' }).click();
  await expect(form.locator('[aria-live="polite"]')).toHaveText("That's outside our usual area, but ask anyway.");

  await field.fill('12345');
  await form.getByRole('button', { name: 'Check' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(form.locator('[aria-live="polite"]')).toHaveText('');

  expect(new URL(page.url()).search).toBe('');
  expect(requested).toEqual([]);
  expect(await scanAccessibility()).toEqual([]);
});
