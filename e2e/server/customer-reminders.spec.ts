import type { APIRequestContext, Page } from '@playwright/test';
import { londonDay } from '../../domain/london-time';
import { toNamedFields } from '../../domain/quote/quote';
import { describeDay, reminderCopy } from '../../domain/reminders/reminder-copy';
import { addMonths } from '../../domain/reminders/service-due';
import { bookingPath } from '../../domain/reminders/reminder-paths';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { e2eStaff, expect, test } from '../fixtures';
import { quotesPath } from './spawned-server';

// The yearly reminder as the customer meets it on our server, in a real browser, with scripts and
// without: asked for on their own page once the job is done, read there, stopped; and the email's
// "Book my service", which opens the quote form filled in and ties the new request to the last.

const marker = () => Math.random().toString(36).slice(2, 8);

/** Sends a request as a script would, marks it done as staff, and gives its id, name and token. */
async function doneJob(request: APIRequestContext): Promise<{ id: string; name: string; token: string }> {
  const name = `Reminded ${marker()}`;
  const response = await request.post(quotesPath, { data: toNamedFields(sampleQuote({ name, description: `Boiler making a noise, ${name}`, email: `${name.replace(' ', '.').toLowerCase()}@example.co.uk`, phone: '07700 900333' })) });
  expect(response.status()).toBe(201);
  const { id, customer_token: token } = (await response.json()) as { id: string; customer_token: string };
  expect((await request.post('/api/session', { data: e2eStaff })).status()).toBe(200);
  for (const [from, to] of [['new', 'contacted'], ['contacted', 'won'], ['won', 'done']] as const) {
    expect((await request.post(`${quotesPath}/${id}/activity`, { data: { kind: 'status-moved', from, to } })).status()).toBe(201);
  }
  return { id, name, token };
}

interface ListedQuote {
  id: string;
  name: string;
  activity: { kind: string; by: string; service?: string; request?: string; lastDone?: string }[];
}

/** Every request staff can list, with its log. */
async function listed(request: APIRequestContext): Promise<ListedQuote[]> {
  return ((await (await request.get(`${quotesPath}?view=all&limit=500`)).json()) as { quotes: ListedQuote[] }).quotes;
}

/** Saves what the page shows at a phone's width and a desk's, nothing wider than the screen. */
async function pictured(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `nothing wider than the screen at ${String(width)} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`${name}-${String(width)}.png`), fullPage: true });
  }
}

for (const scripts of [false, true]) {
  test.describe(scripts ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: scripts });

    test('once the job is done the customer asks for a reminder, reads when the next check is due, and stops it', async ({ page, request, scanAccessibility }) => {
      const { id, token } = await doneJob(request);
      await page.goto(`/r/${token}`);
      const card = page.getByRole('region', { name: reminderCopy.customer.heading });
      await expect(card).toContainText(reminderCopy.customer.offerLead);

      // Sent without a choice, the choice is named, and nothing is set.
      await card.getByRole('button', { name: reminderCopy.customer.offer }).click();
      await expect(card.getByText('Choose Boiler service or Landlord gas safety check')).toBeVisible();
      await expect(card.getByRole('radio', { name: 'Boiler service' })).toHaveAttribute('aria-invalid', 'true');
      expect((await listed(request)).find((quote) => quote.id === id)?.activity.some((entry) => entry.kind === 'reminder-set')).toBe(false);

      await card.getByRole('radio', { name: 'Landlord gas safety check' }).check();
      await card.getByRole('button', { name: reminderCopy.customer.offer }).click();
      await expect(page.getByText(reminderCopy.customer.setDone)).toBeVisible();
      const due = addMonths(londonDay(new Date()), 12);
      await expect(card).toContainText(`Your landlord gas safety check is next due by ${describeDay(due)}.`);
      await expect(card).toContainText(`A check from ${describeDay(addMonths(due, -2), 'short')} keeps ${describeDay(due, 'no-year')} as the deadline.`);
      // The pictures and the accessibility scan run scripts of their own in the page.
      if (scripts) {
        await pictured(page, 'customer-reminder-set');
        expect(await scanAccessibility()).toEqual([]);
      }
      expect((await listed(request)).find((quote) => quote.id === id)?.activity.at(-1)).toMatchObject({ kind: 'reminder-set', service: 'gas-safety-check', by: 'customer' });

      await card.getByRole('button', { name: reminderCopy.customer.stop, exact: true }).click();
      await expect(page.getByText(reminderCopy.customer.stopped)).toBeVisible();
      await expect(card.getByRole('button', { name: reminderCopy.customer.offer })).toBeVisible();
      expect((await listed(request)).find((quote) => quote.id === id)?.activity.at(-1)).toMatchObject({ kind: 'reminder-stopped', by: 'customer' });
    });

    test("a reminder email's Book my service opens the form filled in, and the request it sends is tied to the last", async ({ page, request, scanAccessibility }) => {
      const { id, name, token } = await doneJob(request);
      expect((await request.post(`${quotesPath}/${id}/activity`, { data: { kind: 'reminder-set', service: 'boiler-service', doneOn: londonDay(new Date()), agreed: true } })).status()).toBe(201);
      const response = await page.goto(bookingPath(token));
      expect(response?.headers()['referrer-policy']).toBe('no-referrer');
      const form = page.getByRole('form', { name: 'Request a Quote' });
      const due = addMonths(londonDay(new Date()), 12);
      await expect(form).toContainText(`Booking your boiler service, due by ${describeDay(due)}.`);
      await expect(form.getByLabel('Full name')).toHaveValue(name);
      await expect(form.getByLabel('Phone number')).toHaveValue('07700 900333');
      if (scripts) {
        await pictured(page, 'booking-form');
        expect(await scanAccessibility()).toEqual([]);
      }

      await form.getByRole('button', { name: 'Get Free Quote' }).click();
      await expect(page.getByText('Quote Request Submitted!')).toBeVisible();
      await expect
        .poll(async () => (await listed(request)).filter((quote) => quote.name === name).length, { message: 'the booked visit arrives as a new request' })
        .toBe(2);
      const quotes = (await listed(request)).filter((quote) => quote.name === name);
      const repeat = quotes.find((quote) => quote.id !== id);
      expect(repeat?.activity.find((entry) => entry.kind === 'repeat-of')).toMatchObject({ service: 'boiler-service', lastDone: londonDay(new Date()) });
      expect(quotes.find((quote) => quote.id === id)?.activity.find((entry) => entry.kind === 'service-booked')).toMatchObject({ request: repeat?.id });
    });
  });
}
