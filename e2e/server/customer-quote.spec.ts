import type { APIRequestContext, Page } from '@playwright/test';
import { londonDay } from '../../domain/london-time';
import { defaultValidUntil } from '../../domain/priced-quote/quote-draft';
import { quoteCopy } from '../../domain/priced-quote/quote-copy';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { e2eStaff, expect, test } from '../fixtures';
import { quotesPath } from './spawned-server';

// The priced quote as the customer meets it on our server, in a real browser, with scripts and
// without: written and sent by staff, read on the customer's own page total first, accepted with the
// early start (staff then see the job won at its value), declined with a reason, or refused once a
// newer version replaced the one the page showed. Printed, it is the quote alone.

const marker = () => Math.random().toString(36).slice(2, 8);

/** 1 × £1,045.00 at 20% VAT and 2 × £50.00 at 5%: £1,359.00 in all. */
const lines = [
  { description: 'Combi boiler, supplied and fitted', quantity: 1, unitPence: 104_500, vat: 'standard' },
  { description: 'Magnetic system filter', quantity: 2, unitPence: 5_000, vat: 'reduced' },
];

/** Writes and sends a version as staff (signed in on `request`). */
async function sendQuote(request: APIRequestContext, id: string, version: number, quoteLines = lines) {
  const written = await request.post(`${quotesPath}/${id}/activity`, {
    data: { kind: 'quote-written', version, lines: quoteLines, validUntil: defaultValidUntil(londonDay(new Date())), vatRegistered: true, terms: 'Payment on completion, by bank transfer.' },
  });
  expect(written.status(), await written.text()).toBe(201);
  const sent = await request.post(`${quotesPath}/${id}/activity`, { data: { kind: 'quote-sent', version } });
  expect(sent.status(), await sent.text()).toBe(201);
}

/** Sends a request as a script would, and as staff calls the customer and sends them version 1. */
async function quotedRequest(request: APIRequestContext): Promise<{ id: string; token: string }> {
  const name = `Quoted ${marker()}`;
  const response = await request.post(quotesPath, { data: toNamedFields(sampleQuote({ name, urgent: false, description: `New combi boiler wanted, ${name}`, email: `${name.replace(' ', '.').toLowerCase()}@example.co.uk` })) });
  expect(response.status()).toBe(201);
  const { id, customer_token: token } = (await response.json()) as { id: string; customer_token: string };
  expect((await request.post('/api/session', { data: e2eStaff })).status()).toBe(200);
  expect((await request.post(`${quotesPath}/${id}/activity`, { data: { kind: 'status-moved', from: 'new', to: 'contacted' } })).status()).toBe(201);
  await sendQuote(request, id, 1);
  return { id, token };
}

interface ListedQuote {
  id: string;
  status: string;
  activity: { kind: string; by: string; to?: string; won_pence?: number; wonPence?: number; lost_reason?: string; lostReason?: string; earlyStart?: boolean; early_start?: boolean }[];
}

/** The request as staff list it, with its log. */
async function staffSee(request: APIRequestContext, id: string): Promise<ListedQuote | undefined> {
  return ((await (await request.get(`${quotesPath}?view=all&limit=500`)).json()) as { quotes: ListedQuote[] }).quotes.find((quote) => quote.id === id);
}

/** Saves what the page shows at a phone's width and a desk's, nothing wider than the screen. */
async function pictured(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `nothing wider than the screen at ${String(width)} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`${name}-${String(width)}.png`), fullPage: true });
  }
}

/** With scripts, has them take the page over before going on (they come with its first touch), so the answers go through the API. */
async function scriptsTakeOver(page: Page, scripts: boolean) {
  if (!scripts) return;
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.getByRole('button', { name: quoteCopy.print })).toBeVisible();
}

for (const scripts of [false, true]) {
  test.describe(scripts ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: scripts });

    test('the customer reads the total first, ticks the early start and accepts; staff see the job won at its value', async ({ page, request, scanAccessibility }) => {
      const { id, token } = await quotedRequest(request);
      await page.goto(`/r/${token}`);
      const card = page.getByRole('region', { name: 'Your quote (version 1)' });
      await expect(card.locator('.quote-total')).toHaveText('Total including VAT£1,359.00');
      // The total comes before the lines, on the screen as in the page.
      const totalBox = await card.locator('.quote-total').boundingBox();
      const linesBox = await card.getByRole('table').boundingBox();
      expect(totalBox && linesBox && totalBox.y < linesBox.y).toBe(true);
      await expect(card.getByRole('row', { name: /VAT at 5%/ })).toContainText('£5.00');
      await expect(card).toContainText(quoteCopy.cancellation.formHeading);
      await expect(card).toContainText('Payment on completion, by bank transfer.');
      // Opening the page is recorded, once.
      await expect.poll(async () => (await staffSee(request, id))?.activity.filter((entry) => entry.kind === 'quote-viewed').length).toBe(1);

      if (scripts) {
        // The page's scripts come with the customer's first touch of it, and with them the print button.
        await scriptsTakeOver(page, scripts);
        expect(await scanAccessibility()).toEqual([]);
        await pictured(page, 'customer-quote');
        // Printed, the quote alone: no site header, no forms or buttons, the total and the lines.
        await page.emulateMedia({ media: 'print' });
        await expect(page.locator('.site-header')).toBeHidden();
        await expect(card.getByRole('button', { name: quoteCopy.accept(135_900) })).toBeHidden();
        await expect(card.getByRole('button', { name: quoteCopy.print })).toBeHidden();
        await expect(page.getByRole('region', { name: 'Your messages' })).toBeHidden();
        await expect(card.locator('.quote-total')).toBeVisible();
        await expect(card.getByRole('table')).toBeVisible();
        await pictured(page, 'customer-quote-print');
        await page.emulateMedia({ media: 'screen' });
      } else {
        await expect(card.getByRole('button', { name: quoteCopy.print })).toHaveCount(0);
      }

      await card.getByRole('checkbox', { name: quoteCopy.earlyStart }).check();
      await card.getByRole('button', { name: quoteCopy.accept(135_900) }).click();
      await expect(page.getByText(quoteCopy.toasts.accepted)).toBeVisible();
      const answered = page.getByRole('region', { name: 'Your quote (version 1)' });
      await expect(answered).toContainText(quoteCopy.accepted(135_900, londonDay(new Date())));
      await expect(answered).toContainText(quoteCopy.acceptedEarly);
      await expect(answered.getByRole('button', { name: quoteCopy.accept(135_900) })).toHaveCount(0);

      const won = await staffSee(request, id);
      expect(won?.status).toBe('won');
      expect(won?.activity.find((entry) => entry.kind === 'quote-accepted')).toMatchObject({ by: 'customer', earlyStart: true });
      expect(won?.activity.findLast((entry) => entry.kind === 'status-moved')).toMatchObject({ to: 'won', by: 'customer' });
      expect(JSON.stringify(won?.activity.findLast((entry) => entry.kind === 'status-moved'))).toMatch(/"won_?[pP]ence":135900/);
    });

    test('"No thanks" with a reason closes the request as lost, with the reason', async ({ page, request }) => {
      const { id, token } = await quotedRequest(request);
      await page.goto(`/r/${token}`);
      await scriptsTakeOver(page, scripts);
      const card = page.getByRole('region', { name: 'Your quote (version 1)' });
      await card.getByRole('combobox', { name: quoteCopy.declineReason }).selectOption('price');
      await card.getByRole('button', { name: quoteCopy.decline }).click();
      await expect(page.getByText(quoteCopy.toasts.declined)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Your quote (version 1)' })).toContainText(quoteCopy.declined);
      const lost = await staffSee(request, id);
      expect(lost?.status).toBe('lost');
      expect(JSON.stringify(lost?.activity.findLast((entry) => entry.kind === 'status-moved'))).toMatch(/"lost_?[rR]eason":"price"/);
    });

    test('version 2 sent while the page shows version 1: accepting 1 says it was replaced, and shows 2', async ({ page, request }) => {
      const { id, token } = await quotedRequest(request);
      await page.goto(`/r/${token}`);
      const card = page.getByRole('region', { name: 'Your quote (version 1)' });
      await expect(card.getByRole('button', { name: quoteCopy.accept(135_900) })).toBeVisible();
      await scriptsTakeOver(page, scripts);
      await sendQuote(request, id, 2, [{ description: 'Combi boiler, supplied and fitted', quantity: 1, unitPence: 99_000, vat: 'standard' }]);

      await card.getByRole('checkbox', { name: quoteCopy.earlyStart }).check();
      await card.getByRole('button', { name: quoteCopy.accept(135_900) }).click();
      const shown = page.getByRole('region', { name: 'Your quote (version 2)' });
      await expect(shown.getByText(quoteCopy.replaced(2))).toBeVisible();
      await expect(shown.getByRole('checkbox', { name: quoteCopy.earlyStart })).toBeChecked();
      await expect(shown.getByRole('button', { name: quoteCopy.accept(118_800) })).toBeVisible();
      await expect(shown.getByRole('region', { name: quoteCopy.olderVersions })).toContainText('Version 1 · £1,359.00 · Replaced by version 2');
      // With scripts the answer went through the API, in place; without, the form's post came back with the page.
      await expect(page).toHaveURL(scripts ? new RegExp(`/r/${token}$`) : new RegExp(`/r/${token}/quote/accept$`));
      expect((await staffSee(request, id))?.status).toBe('quoted');
    });
  });
}
