import type { Page } from '@playwright/test';
import { londonDay } from '../../domain/london-time';
import { toNamedFields } from '../../domain/quote/quote';
import { describeDay } from '../../domain/reminders/reminder-copy';
import { addDays, addMonths } from '../../domain/reminders/service-due';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { e2eStaff, expect, inboxCard, openCard, signInAsStaff, test } from '../fixtures';
import { quotesPath } from './spawned-server';

// A done job's yearly reminder on our server, as staff work it in a real browser: set on the card,
// read on the card's line, listed in Due for service, followed back to the request, and stopped.

const marker = () => Math.random().toString(36).slice(2, 8);

/** Saves what the page shows at a phone's width and a desk's, nothing wider than the screen. */
async function pictured(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `nothing wider than the screen at ${String(width)} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`${name}-${String(width)}.png`), fullPage: true });
  }
}

test('staff mark a job done, set its yearly reminder, see it on the card and in Due for service, and stop it', async ({ page, request, scanAccessibility }) => {
  test.slow();
  const name = `Boiler Owner ${marker()}`;
  const sent = await request.post(quotesPath, { data: toNamedFields(sampleQuote({ name, description: `Boiler due its service, ${name}`, serviceType: 'heating', email: `${name.replaceAll(' ', '.').toLowerCase()}@example.co.uk` })) });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  expect((await request.post('/api/session', { data: e2eStaff })).status()).toBe(200);
  for (const [from, to] of [['new', 'contacted'], ['contacted', 'won']] as const) {
    expect((await request.post(`${quotesPath}/${id}/activity`, { data: { kind: 'status-moved', from, to } })).status()).toBe(201);
  }

  await signInAsStaff(page);
  await page.goto(`/quotes?view=won&q=${encodeURIComponent(name)}`);
  const card = await openCard(page, name);
  await card.getByRole('button', { name: `Mark done, ${name}` }).click();
  await expect(page.getByRole('status')).toContainText('Marked done');

  await page.goto(`/quotes?view=done&q=${encodeURIComponent(name)}`);
  await openCard(page, name);
  const panel = card.locator('details.quote-reminder');
  const today = londonDay(new Date());
  await expect(panel.getByLabel('Date the work was done')).toHaveValue(today);

  // Sent as it opens: the visit and the agreement are named, and the first takes the focus.
  await panel.getByRole('button', { name: 'Set reminder' }).click();
  await expect(panel.getByText('Choose Boiler service or Landlord gas safety check')).toBeVisible();
  await expect(panel.getByText('Tick that the customer agreed to be reminded')).toBeVisible();
  await expect(panel.getByRole('radio', { name: 'Boiler service' })).toBeFocused();
  await pictured(page, 'reminder-form-errors');
  expect(await scanAccessibility()).toEqual([]);

  // Done about ten and a half months ago, the next service falls due within the list's 90 days.
  const doneOn = addDays(today, -320);
  const due = addMonths(doneOn, 12);
  await panel.getByRole('radio', { name: 'Boiler service' }).check();
  await panel.getByLabel('Date the work was done').fill(doneOn);
  await panel.getByRole('checkbox', { name: 'The customer agreed to be reminded' }).check();
  await panel.getByRole('button', { name: 'Set reminder' }).click();
  await expect(page.getByRole('status')).toContainText(`Reminder set: boiler service done ${describeDay(doneOn, 'short')}`);
  const line = `Next service due ${describeDay(due, 'short')}`;
  await expect(card.locator('.quote-card-meta')).toContainText(line);
  await expect(panel.locator('summary')).toHaveText(`Yearly reminder: ${line}`);
  await expect(panel.getByRole('button', { name: 'Stop reminders' })).toBeVisible();
  await pictured(page, 'reminder-set');
  expect(await scanAccessibility()).toEqual([]);

  // The reminder outlives a reload, and Due for service lists it.
  await page.reload();
  await expect(inboxCard(page, name).locator('.quote-card-meta')).toContainText(line);
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Due for service' }).click();
  await expect(page).toHaveURL(/\/quotes\/service-due$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Due for service \(\d+\)$/);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toContainText(`Due ${describeDay(due, 'short')}`);
  await expect(row).toContainText('Boiler service');
  await expect(row).toContainText('Not reminded yet');
  await expect(row).not.toContainText('Past due');
  await pictured(page, 'service-due');
  expect(await scanAccessibility()).toEqual([]);

  // The row leads to the request, opened.
  await row.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/quotes\\?.*id=${id}`));
  await expect(inboxCard(page, name).getByRole('button', { name: `Details, ${name}` })).toHaveAttribute('aria-expanded', 'true');
  const opened = inboxCard(page, name);
  await opened.getByText(`Yearly reminder: ${line}`).click();
  await opened.getByRole('button', { name: 'Stop reminders' }).click();
  await expect(page.getByRole('status')).toContainText('Reminders stopped');
  await expect(opened.locator('details.quote-reminder summary')).toHaveText(`Yearly reminder: ${line} · reminders stopped`);
  await expect(opened.locator('.quote-card-meta')).not.toContainText(line);

  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Due for service' }).click();
  // Read again, the list holds it no more.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Due for service \(\d+\)$/);
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
});
