import { defaultInboxQuery, matchesQuery } from '../domain/inbox/inbox-query';
import { demoQuoteRequests } from '../fixtures/quote-requests';
import type { Locator } from '@playwright/test';
import { chooseView, expect, openCard, openDemoStaffList, quoteForm, takeAPersonsTime, test } from './fixtures';

// The demo's inbox starts with these requests.
const sample = demoQuoteRequests(new Date());
const waiting = sample.filter((quote) => matchesQuery(quote, defaultInboxQuery)).length;

test('a visitor asks for a quote and staff find it in the inbox, waiting, and at the top of All', async ({ page }) => {
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill('Jo Bloggs');
  await form.getByLabel('Phone number').fill('07700 900555');
  await form.getByLabel('Email').fill('jo@example.co.uk');
  await form.getByLabel('Service type').selectOption({ label: 'Bathroom Installation' });
  await form.getByLabel('Describe the job').fill('New shower over the bath, flat on Long Lane');
  await takeAPersonsTime(page);
  await form.getByRole('button', { name: 'Get Free Quote' }).click();

  const status = page.getByRole('status');
  await expect(status).toContainText('Quote Request Submitted!');
  await expect(status).toContainText(
    "We'll contact you within 30 minutes for urgent requests, or within 2 hours for standard quotes.",
  );
  await expect(form.getByLabel('Full name')).toHaveValue('');

  await openDemoStaffList(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote Requests (${waiting + 1})`);
  await chooseView(page, 'All');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote Requests (${sample.length + 1})`);
  const newest = page.getByRole('article').first();
  await expect(newest.getByRole('heading', { level: 2 })).toHaveText('Jo Bloggs');
  await expect(newest).toContainText('Bathroom Installation');
  await expect(newest.getByRole('link', { name: 'Call Jo Bloggs, 0 7 7 0 0, 9 0 0 5 5 5' })).toHaveAttribute('href', 'tel:+447700900555');
  await openCard(page, 'Jo Bloggs');
  await expect(newest.getByRole('link', { name: '07700 900555' })).toHaveAttribute('href', 'tel:+447700900555');
  await expect(newest.getByRole('link', { name: 'jo@example.co.uk' })).toHaveAttribute('href', 'mailto:jo@example.co.uk');
  await expect(newest).toContainText('New shower over the bath, flat on Long Lane');
  await expect(newest).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(newest).not.toContainText('URGENT');
});

test('a name pasted with a right-to-left override and zero-width spaces reaches the inbox as it reads; an address with a query is named', async ({ page }) => {
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill('Bob \u202egnp.exe\u200b');
  await form.getByLabel('Phone number').fill('07700 900556');
  await form.getByLabel('Email').fill('bob?bcc=spy@attacker.example');
  await form.getByLabel('Service type').selectOption({ label: 'General Repairs' });
  await form.getByRole('button', { name: 'Get Free Quote' }).click();
  await expect(form).toContainText('Enter an email address like name@example.co.uk, or leave email empty');
  await expect(form.getByLabel('Full name')).toHaveValue('Bob \u202egnp.exe\u200b');

  await form.getByLabel('Email').fill('bob@example.co.uk');
  await takeAPersonsTime(page);
  await form.getByRole('button', { name: 'Get Free Quote' }).click();
  await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');
  await openDemoStaffList(page);
  await chooseView(page, 'All');
  const newest = page.getByRole('article').first();
  await expect(newest.getByRole('heading', { level: 2 })).toHaveText('Bob gnp.exe');
  await openCard(page, 'Bob gnp.exe');
  await expect(newest.getByRole('link', { name: 'bob@example.co.uk' })).toHaveAttribute('href', 'mailto:bob@example.co.uk');
});

test('an urgent request turns the button red-letter and arrives with the URGENT badge', async ({ page }) => {
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill('Ravi Patel');
  await form.getByLabel('Phone number').fill('+44 20 7946 0456');
  await form.getByLabel('Service type').selectOption('emergency');

  await form.getByLabel('This is an emergency').check();
  await expect(form.getByRole('button', { name: 'Request Emergency Service' })).toBeVisible();
  await form.getByLabel('This is an emergency').uncheck();
  await expect(form.getByRole('button', { name: 'Get Free Quote' })).toBeVisible();
  await form.getByLabel('This is an emergency').check();
  await takeAPersonsTime(page);
  await form.getByRole('button', { name: 'Request Emergency Service' }).click();
  await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');

  await openDemoStaffList(page);
  await chooseView(page, 'All');
  const newest = page.getByRole('article').first();
  await expect(newest.getByRole('heading', { level: 2 })).toHaveText('Ravi Patel');
  await expect(newest).toContainText('URGENT');
  await expect(newest).toContainText('Emergency Plumbing');
});

test('missing required fields are reported and nothing is sent', async ({ page }) => {
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Email').fill('kept@example.com');
  await form.getByRole('button', { name: 'Get Free Quote' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Missing Information');
  await expect(alert).toContainText('Please fill in all required fields');
  await expect(form.getByLabel('Full name')).toBeFocused();
  await expect(form.getByLabel('Email')).toHaveValue('kept@example.com');

  await openDemoStaffList(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote Requests (${waiting})`);
});

test('one submit names every problem: beside each field, in a summary of links, focus on the first', async ({ page }) => {
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill('Jo');
  await form.getByLabel('Phone number').fill('12');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Get Free Quote' }).click();

  await expect(page.getByRole('alert')).toContainText('Missing Information');
  for (const label of ['Phone number', 'Email', 'Service type']) await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Phone number')).toBeFocused();
  const summary = form.getByRole('region', { name: 'There is a problem' });
  await expect(summary.getByRole('link')).toHaveText([
    /^Enter a UK or international phone number/,
    /email/i,
    'Choose the type of service you need',
  ]);
  await summary.getByRole('link', { name: 'Choose the type of service you need' }).click();
  await expect(form.getByLabel('Service type')).toBeFocused();
});

test('a phone number that cannot be dialled is named beside the field', async ({ page }) => {
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill('Jo Bloggs');
  await form.getByLabel('Phone number').fill('call me');
  await form.getByLabel('Service type').selectOption('general');
  await form.getByRole('button', { name: 'Get Free Quote' }).click();

  const phone = form.getByLabel('Phone number');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('Enter a UK or international phone number');
});

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px the toasts cover neither the field in error, the form's button nor the footer's phone number`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const form = quoteForm(page);
    const overlaps = async (a: Locator, b: Locator) => {
      const [one, two] = [await a.boundingBox(), await b.boundingBox()];
      if (!one || !two) throw new Error('not on screen');
      return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
    };
    await form.getByLabel('Full name').fill('Jo Bloggs');
    await form.getByRole('button', { name: 'Get Free Quote' }).click();
    const missing = page.locator('.toast').filter({ hasText: 'Missing Information' });
    await expect(missing).toBeVisible();
    await expect(form.getByLabel('Phone number')).toBeFocused();
    expect(await overlaps(missing, form.getByLabel('Phone number'))).toBe(false);

    await form.getByLabel('Phone number').fill('07700 900555');
    await form.getByLabel('Service type').selectOption('general');
    const button = form.getByRole('button', { name: 'Get Free Quote' });
    await button.click();
    const thanks = page.locator('.toast').filter({ hasText: 'Quote Request Submitted!' });
    await expect(thanks).toBeVisible();
    expect(await overlaps(thanks, button)).toBe(false);
    const footerPhone = page.getByRole('contentinfo').getByRole('link', { name: /020 7946 0123/ });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await overlaps(thanks, footerPhone)).toBe(false);
  });
}

/** The London clock times a promise made between `from` and `to` can name, minutes apart. */
function londonTimesBetween(from: number, to: number, minutesLater: number): string[] {
  const format = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
  const times = new Set<string>();
  for (let at = from; at <= to + 60_000; at += 30_000) times.add(format.format(at + minutesLater * 60_000));
  return [...times];
}

for (const { urgent, minutes, after } of [
  { urgent: true, minutes: 30, after: '' },
  { urgent: false, minutes: 120, after: ", or the next morning if it's late" },
]) {
  test(`at 390 px the thanks for ${urgent ? 'an urgent' : 'a standard'} request say when we will call, in view, above the form and never over it`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const form = quoteForm(page);
    await form.getByLabel('Full name').fill('Sam Okafor');
    await form.getByLabel('Phone number').fill('07700 900321');
    await form.getByLabel('Service type').selectOption('heating');
    if (urgent) await form.getByLabel('This is an emergency').check();
    await takeAPersonsTime(page);
    const sentFrom = Date.now();
    await form.getByRole('button', { name: urgent ? 'Request Emergency Service' : 'Get Free Quote' }).click();

    const thanks = page.locator('.toast').filter({ hasText: 'Quote Request Submitted!' });
    await expect(thanks).toBeVisible();
    const sentBy = Date.now();
    const line = (await thanks.locator('.toast-note').textContent()) ?? '';
    expect(londonTimesBetween(sentFrom, sentBy, minutes).map((time) => `We'll call you by ${time}${after}`)).toContain(line);
    await expect(thanks.getByRole('link', { name: /follow your request/i })).toBeVisible();

    await expect(thanks).toBeInViewport();
    const [toast, fields] = [await thanks.boundingBox(), await form.boundingBox()];
    if (!toast || !fields) throw new Error('not on screen');
    expect(toast.y + toast.height, 'the thanks sit above the form').toBeLessThanOrEqual(fields.y);
  });
}
