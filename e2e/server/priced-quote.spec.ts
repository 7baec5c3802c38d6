import type { Locator, Page } from '@playwright/test';
import { londonDay } from '../../domain/london-time';
import { describeDay } from '../../domain/reminders/service-words';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { e2eStaff, expect, inboxCard, openCard, signInAsStaff, test } from '../fixtures';
import { quotesPath } from './spawned-server';

// A priced quote on our server, as staff write it in a real browser: written on the card, a problem
// named on its field, saved, sent, read in the Quoted view by where it stands, and replaced.

const marker = () => Math.random().toString(36).slice(2, 8);

/** Saves the card `shown` at a phone's width and a desk's, the page nothing wider than the screen. */
async function pictured(page: Page, shown: Locator, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `nothing wider than the screen at ${String(width)} px`).toBeLessThanOrEqual(width);
    await shown.screenshot({ path: test.info().outputPath(`${name}-${String(width)}.png`) });
  }
}

test('staff write a quote on a request, save it, send it, see where it stands in the Quoted view, and replace it', async ({ page, request, scanAccessibility }) => {
  test.slow();
  const name = `Radiator Owner ${marker()}`;
  const sent = await request.post(quotesPath, { data: toNamedFields(sampleQuote({ name, description: `Two cold radiators, ${name}`, serviceType: 'heating', email: `${name.replaceAll(' ', '.').toLowerCase()}@example.co.uk` })) });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  expect((await request.post('/api/session', { data: e2eStaff })).status()).toBe(200);
  expect((await request.post(`${quotesPath}/${id}/activity`, { data: { kind: 'status-moved', from: 'new', to: 'contacted' } })).status()).toBe(201);

  await signInAsStaff(page);
  await page.goto(`/quotes?view=contacted&q=${encodeURIComponent(name)}`);
  const card = await openCard(page, name);
  const panel = card.locator('details.quote-priced');
  await panel.locator('summary').click();
  await expect(panel.getByText('Version 1, draft')).toBeVisible();

  const line1 = panel.getByRole('group', { name: 'Line 1' });
  await line1.getByLabel('Work').fill('Power flush, six radiators');
  await line1.getByLabel('Unit price before VAT (£)').fill('350');
  await panel.getByRole('button', { name: 'Add a line' }).click();
  const line2 = panel.getByRole('group', { name: 'Line 2' });
  await line2.getByLabel('Work').fill('Magnetic filter fitted');
  await line2.getByLabel('Quantity').fill('1');
  await line2.getByLabel('Unit price before VAT (£)').fill('ninety');

  // The second line's price is named there, what was typed kept.
  await panel.getByRole('button', { name: 'Save draft' }).click();
  const unit2 = line2.getByLabel('Unit price before VAT (£)');
  await expect(unit2).toHaveAttribute('aria-invalid', 'true');
  await expect(unit2).toBeFocused();
  await expect(unit2).toHaveValue('ninety');
  await expect(panel.getByText('Line 2: Write the unit price in pounds, such as 450 or 1,250.50')).toBeVisible();
  await pictured(page, card, 'quote-problem');
  expect(await scanAccessibility()).toEqual([]);

  await unit2.fill('90');
  await line2.getByLabel('VAT rate').selectOption('5%');
  // £350 at 20% and £90 at 5%: £420.00 and £94.50.
  await expect(panel.locator('.priced-total')).toHaveText('Total including VAT£514.50');
  await panel.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status')).toContainText('Quote version 1 written: £514.50');
  await expect(panel.locator('summary')).toHaveText('Quote: £514.50 draft');
  await pictured(page, card, 'quote-draft');
  expect(await scanAccessibility()).toEqual([]);

  // The draft outlives a reload, and is sent from there.
  await page.reload();
  await openCard(page, name);
  await panel.locator('summary').click();
  await expect(panel.getByRole('group', { name: 'Line 2' }).getByLabel('Unit price before VAT (£)')).toHaveValue('90.00');
  // Sent, the request is quoted, and leaves the Contacted view.
  await panel.getByRole('button', { name: 'Send to customer' }).click();
  await expect(page.getByRole('status')).toContainText('Quote version 1 sent');
  await expect(card).toHaveCount(0);
  await expect(page.locator('#quotes-title')).toBeFocused();

  // The Quoted view's folded card says where the quote stands.
  await page.goto(`/quotes?view=quoted&q=${encodeURIComponent(name)}`);
  const folded = inboxCard(page, name);
  await expect(folded.getByRole('button', { name: `Details, ${name}` })).toHaveAttribute('aria-expanded', 'false');
  const today = describeDay(londonDay(new Date()), 'no-year');
  const standing = `£514.50 sent ${today} · no answer`;
  await expect(folded.locator('.quote-standing')).toHaveText(standing);

  // Opened, the version sent is read only, with where it stands.
  await openCard(page, name);
  await panel.locator('summary').click();
  await expect(panel.getByRole('heading', { name: 'Version 1, sent' })).toBeVisible();
  await expect(panel.locator('.priced-sent .quote-standing')).toHaveText(standing);
  await expect(panel.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  await pictured(page, card, 'quote-sent');
  expect(await scanAccessibility()).toEqual([]);

  // Replaced: version 2 starts from version 1; once sent, version 1 says what replaced it.
  await panel.getByRole('button', { name: 'Replace with a new version' }).click();
  await expect(panel.getByText('Version 2, draft')).toBeVisible();
  await expect(panel.getByRole('group', { name: 'Line 1' }).getByLabel('Work')).toHaveValue('Power flush, six radiators');
  await panel.getByRole('button', { name: 'Remove line 2' }).click();
  await panel.getByRole('button', { name: 'Send to customer' }).click();
  await expect(panel.getByRole('heading', { name: 'Version 2, sent' })).toBeFocused();
  await expect(panel.getByText(`Version 1: £514.50 · ${today} · Replaced by version 2`)).toBeVisible();
  await expect(folded.locator('.quote-standing').first()).toHaveText(`£420.00 sent ${today} · no answer`);
  await pictured(page, card, 'quote-replaced');
  expect(await scanAccessibility()).toEqual([]);
});
