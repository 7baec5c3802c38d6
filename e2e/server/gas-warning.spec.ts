import type { Browser, Locator } from '@playwright/test';
import { gasCopy } from '../../domain/safety/gas-copy';
import { expect, inboxCard, listAsStaff, quoteForm, signInAsStaff, test } from '../fixtures';

/** A name no other test uses, so tests sharing the server's database never see each other's requests. */
function uniqueName(prefix: string) {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}

/** The link that rings the gas network, and a check that a thumb can hit it: 44 by 44 CSS pixels at least. */
async function callLink(within: Locator) {
  const call = within.getByRole('link', { name: gasCopy.call });
  await expect(call).toBeVisible();
  await expect(call).toHaveAttribute('href', 'tel:0800111999');
  const box = await call.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  return call;
}

/** Staff, signed in in a browser of their own, find the request marked `mark` and urgent. */
async function staffSee(browser: Browser, name: string, mark: string) {
  const staff = await browser.newContext({ javaScriptEnabled: true });
  const page = await staff.newPage();
  await signInAsStaff(page);
  const card = inboxCard(page, name);
  await expect(card).toContainText('URGENT');
  await expect(card.getByText(mark, { exact: true })).toBeVisible();
  await staff.close();
}

test('with JavaScript, the warning comes as the gas smell is typed, first its tel: link; the request goes urgent and staff see it marked', async ({ page, browser, scanAccessibility, consoleErrors }) => {
  const name = uniqueName('Gail Gas');
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill(name);
  await expect(form).toHaveAttribute('novalidate', '');
  await form.getByLabel('Phone number').fill('07700 900444');
  await form.getByLabel('Service type').selectOption('heating');
  await form.getByLabel('Describe the job').pressSequentially('i can smel gas in the kitchen');

  const warning = page.locator('#quote-gas-warning');
  await expect(warning).toHaveAttribute('aria-live', 'polite');
  await callLink(warning);
  await expect(warning).toContainText(gasCopy.steps['gas-smell'].steps.map((step) => step.text).join(''));
  expect(await scanAccessibility()).toEqual([]);

  // Never blocked: the request goes, urgent though the box was left unticked.
  await form.getByRole('button', { name: 'Get Free Quote' }).click();
  const thanks = page.getByRole('status');
  await expect(thanks).toContainText('Quote Request Submitted!');
  await callLink(thanks);
  await expect(warning).toBeEmpty();
  const stored = (await listAsStaff(page.request)) as { name: string; urgent: boolean }[];
  expect(stored.find((quote) => quote.name === name)).toMatchObject({ urgent: true });
  await staffSee(browser, name, 'Gas smell reported');
  expect(consoleErrors).toEqual([]);
});

test('with JavaScript, carbon monoxide gets its own steps and 999', async ({ page, scanAccessibility }) => {
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Describe the job').pressSequentially('co alarm going off in the hallway');
  const warning = page.locator('#quote-gas-warning');
  await callLink(warning);
  await expect(warning.getByRole('link', { name: /^Ring 999 if anyone feels unwell/ })).toHaveAttribute('href', 'tel:999');
  await expect(warning).toContainText('Get into fresh air');
  expect(await scanAccessibility()).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain post is stored urgent, its thanks lead with the advice and its tel: link, and staff see it marked', async ({ page, browser, request }) => {
    const name = uniqueName('Colm Plain');
    await page.goto('/');
    const form = quoteForm(page);
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Phone number').fill('020 7946 0444');
    await form.getByLabel('Service type').selectOption('heating');
    await form.getByLabel('Describe the job').fill('the carbon monoxide alarm keeps beeping');
    await form.getByRole('button', { name: 'Get Free Quote' }).click();

    await expect(page).toHaveURL(/\/\?quote=submitted&gas=carbon-monoxide&link=[A-Za-z0-9_-]{43}#quote-section$/);
    const thanks = page.getByRole('status');
    await expect(thanks).toContainText('Quote Request Submitted!');
    await callLink(thanks);
    await expect(thanks.getByRole('link', { name: /^Ring 999 if anyone feels unwell/ })).toHaveAttribute('href', 'tel:999');

    // The customer's own page says it again.
    await thanks.getByRole('link', { name: 'Follow your request' }).click();
    await callLink(page.getByRole('region', { name: 'You told us about carbon monoxide' }));

    const stored = (await listAsStaff(request)) as { name: string; urgent: boolean }[];
    expect(stored.find((quote) => quote.name === name)).toMatchObject({ urgent: true });
    await staffSee(browser, name, 'CO reported');
  });

  test('a form that comes back with an error warns of the gas smell it reports', async ({ page }) => {
    await page.goto('/');
    const form = quoteForm(page);
    await form.evaluate((element) => element.setAttribute('novalidate', ''));
    await form.getByLabel('Describe the job').fill('strong smell of gas coming from the cooker');
    await form.getByRole('button', { name: 'Get Free Quote' }).click();

    await expect(page.getByRole('alert')).toContainText('Missing Information');
    await callLink(page.locator('#quote-gas-warning'));
    await expect(form.getByLabel('Describe the job')).toHaveValue('strong smell of gas coming from the cooker');
  });
});

test('the page a plain post lands on, its thanks leading with the advice, has no accessibility violations', async ({ page, scanAccessibility }) => {
  // The same HTML a browser without scripts is sent; axe needs them to run.
  await page.goto('/?quote=submitted&gas=gas-smell#quote-section');
  await callLink(page.getByRole('status'));
  expect(await scanAccessibility()).toEqual([]);
});

test('the home page says "Smell gas? Call 0800 111 999 first" wherever it offers the emergency line', async ({ page }) => {
  await page.goto('/');
  const offers = page.getByRole('link', { name: gasCopy.callFirst });
  await expect(offers).toHaveCount(3);
  for (const offer of await offers.all()) await expect(offer).toHaveAttribute('href', 'tel:0800111999');
  await expect(page.locator('.hero').getByRole('link', { name: gasCopy.callFirst })).toBeVisible();
  await expect(page.locator('.emergency-card').getByRole('link', { name: gasCopy.callFirst })).toBeVisible();
});
