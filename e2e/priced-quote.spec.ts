import type { Locator, Page } from '@playwright/test';
import { chooseView, expect, inboxCard, openCard, openDemoStaffList, test } from './fixtures';

// The demo's priced quotes, offline in the page: the Quoted view says where each quote sent stands
// (one read, one replaced), a won job says its quote was accepted, and a contacted request's quote is
// written, sent and replaced as on our server.

/** "£192.00 sent 1 Dec · viewed · no answer": the total, the day it was sent, and where it stands. */
const standing = (total: string, words: string) => new RegExp(`^${total.replace(/[.$]/g, '\\$&')} sent \\d{1,2} [A-Z][a-z]{2} · ${words}$`);

/** Saves the card `shown` at a phone's width and a desk's, the page nothing wider than the screen. */
async function pictured(page: Page, shown: Locator, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `nothing wider than the screen at ${String(width)} px`).toBeLessThanOrEqual(width);
    await shown.screenshot({ path: test.info().outputPath(`${name}-${String(width)}.png`) });
  }
}

test('the demo shows every standing of a quote, and a quote is written, sent and replaced offline', async ({ page, scanAccessibility }) => {
  test.slow();
  await page.goto('/');
  await openDemoStaffList(page);
  await chooseView(page, 'Quoted');
  await expect(page).toHaveURL(/view=quoted/);

  // Read by a customer with no email address, who was given their link; and one replaced by version 2.
  await expect(inboxCard(page, 'Daniel Hughes').locator('.quote-standing')).toHaveText(standing('£192.00', 'viewed · no answer'));
  const dental = inboxCard(page, 'Waterloo Dental Practice');
  await expect(dental.locator('.quote-standing')).toHaveText(standing('£204.00', 'no answer'));
  await openCard(page, 'Waterloo Dental Practice');
  await dental.locator('details.quote-priced summary').click();
  await expect(dental.getByText(/^Version 1: £276\.00 · \d{1,2} [A-Z][a-z]{2} · Replaced by version 2$/)).toBeVisible();
  expect(await scanAccessibility()).toEqual([]);

  // Won by the customer accepting it, at its total.
  await chooseView(page, 'Won');
  await expect(inboxCard(page, 'Aisha Mensah').locator('.quote-standing')).toHaveText(standing('£420.00', 'accepted'));

  // A contacted request's quote, written, sent, seen in the Quoted view, then replaced.
  const name = 'The Anchor Café (Marco Bellini)';
  await chooseView(page, 'Contacted');
  const card = await openCard(page, name);
  const panel = card.locator('details.quote-priced');
  await panel.locator('summary').click();
  const line = panel.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Work').fill('Clear the kitchen waste and grease trap');
  await line.getByLabel('Unit price before VAT (£)').fill('145');
  await panel.getByLabel('Valid until').fill('');
  await panel.getByRole('button', { name: 'Save draft' }).click();
  await expect(panel.getByLabel('Valid until')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByText('Give the day the quote is valid until')).toBeVisible();
  await expect(line.getByLabel('Work')).toHaveValue('Clear the kitchen waste and grease trap');
  // Three weeks on, as a day the quote stands until.
  await panel.getByLabel('Valid until').fill(new Date(Date.now() + 21 * 24 * 60 * 60_000).toISOString().slice(0, 10));
  await expect(panel.locator('.priced-total')).toHaveText('Total including VAT£174.00');
  await panel.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status')).toContainText('Quote version 1 written: £174.00');
  await pictured(page, card, 'demo-quote-draft');
  expect(await scanAccessibility()).toEqual([]);
  // Sent, it is quoted, and leaves the Contacted view.
  await panel.getByRole('button', { name: 'Send to customer' }).click();
  await expect(page.getByRole('status')).toContainText('Quote version 1 sent');
  await expect(card).toHaveCount(0);

  await chooseView(page, 'Quoted');
  const quoted = inboxCard(page, name);
  await expect(quoted.locator('.quote-standing').first()).toHaveText(standing('£174.00', 'no answer'));
  await openCard(page, name);
  await panel.locator('summary').click();
  await panel.getByRole('button', { name: 'Replace with a new version' }).click();
  await panel.getByRole('group', { name: 'Line 1' }).getByLabel('Unit price before VAT (£)').fill('120');
  await panel.getByRole('button', { name: 'Send to customer' }).click();
  await expect(panel.getByRole('heading', { name: 'Version 2, sent' })).toBeVisible();
  await expect(panel.getByText(/^Version 1: £174\.00 · \d{1,2} [A-Z][a-z]{2} · Replaced by version 2$/)).toBeVisible();
  await expect(quoted.locator('.quote-standing').first()).toHaveText(standing('£144.00', 'no answer'));
  await pictured(page, quoted, 'demo-quote-replaced');
  expect(await scanAccessibility()).toEqual([]);
});
