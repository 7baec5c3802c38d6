import { expect, test } from './fixtures';

test('under the hero, the Gas Safe number and a link to check it on the register, with the guarantee', async ({ page }) => {
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'Registration and guarantee' });

  await expect(strip).toContainText('Gas Safe registered · No. 612345');
  await expect(strip).toContainText('12-month guarantee on parts and labour');
  await expect(strip.getByRole('link', { name: 'check it on the Gas Safe Register' })).toHaveAttribute(
    'href',
    'https://www.gassaferegister.co.uk/find-an-engineer-or-check-the-register/',
  );
  // It sits right under the hero, above the services.
  const heroBottom = (await page.locator('.hero').boundingBox())?.y ?? 0;
  const stripTop = (await strip.boundingBox())?.y ?? -1;
  const servicesTop = (await page.getByRole('heading', { name: 'Our Professional Services' }).boundingBox())?.y ?? -1;
  expect(stripTop).toBeGreaterThan(heroBottom);
  expect(stripTop).toBeLessThan(servicesTop);
});

test('the reviews name each customer, area and job, and link to where they were published', async ({ page }) => {
  await page.goto('/');
  const reviews = page.getByRole('region', { name: 'What Our Customers Say' });
  const cards = reviews.getByRole('listitem');

  await expect(cards).toHaveCount(5);
  await expect(cards.first()).toContainText('Priya, Bermondsey');
  await expect(cards.first()).toContainText('21 October 2026');
  await expect(cards.first().getByRole('link', { name: 'Google' })).toHaveAttribute('href', 'https://g.page/se1-plumbing-heating-example');
  await expect(cards.nth(1).getByRole('link', { name: 'Checkatrade' })).toHaveAttribute('href', 'https://www.checkatrade.com/trades/se1plumbingheatingexample');
  for (const link of await reviews.getByRole('link').all()) {
    await expect(link).toHaveAttribute('href', /^https:\/\/(g\.page|www\.checkatrade\.com)\//);
  }
});

test('the footer gives the company, the email, the opening hours, and leads to the accessibility statement', async ({ page, scanAccessibility }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');

  await expect(footer).toContainText('SE1 Plumbing & Heating Ltd, registered in England and Wales, company number 09876543');
  await expect(footer).toContainText('Registered office: Unit 4, 12 Example Yard, London SE1 7ZZ.');
  await expect(footer.getByRole('link', { name: 'hello@se1plumbing.example' })).toHaveAttribute('href', 'mailto:hello@se1plumbing.example');
  const hours = footer.getByRole('region', { name: 'Opening hours' });
  await expect(hours).toContainText('Monday to Friday08:00–18:00');
  await expect(hours).toContainText('Saturday09:00–14:00');
  await expect(footer).toContainText('© 2024 SE1 Plumbing & Heating. All rights reserved.');

  await footer.getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL('/accessibility');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accessibility Statement');
  await expect(page.getByRole('main')).toContainText('fully compliant with the Web Content Accessibility Guidelines version 2.2 AA standard');
  expect(await scanAccessibility()).toEqual([]);
});
