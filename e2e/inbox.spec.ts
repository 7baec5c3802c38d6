import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { compareInInbox, defaultInboxQuery, type InboxQuery, matchesQuery } from '../domain/inbox/inbox-query';
import { londonDay } from '../domain/london-time';
import { demoQuoteRequests } from '../fixtures/quote-requests';
import { addNote, chooseView, expect, inboxCard, markOutcome, openCard, openDemoStaffList, openSettings, test } from './fixtures';

// The demo is seeded from these, dated from the moment the page loads: counts and order are theirs.
const sample = () => demoQuoteRequests(new Date());
const count = (query: Partial<InboxQuery>) => sample().filter((quote) => matchesQuery(quote, { ...defaultInboxQuery, ...query })).length;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('staff work the day in the demo inbox: call back the overdue urgent request first, note it, quote it, win it', async ({ page }) => {
  const now = new Date();
  const waiting = sample()
    .filter((quote) => quote.status === 'new')
    .sort(compareInInbox('waiting', now));
  const first = waiting[0];
  if (first === undefined) throw new Error('the demo has nobody waiting');
  await page.goto('/');
  await openDemoStaffList(page);

  await expect(heading(page)).toHaveText(`Quote Requests (${waiting.length})`);
  const firstCard = page.getByRole('article').first();
  await expect(firstCard.getByRole('heading', { level: 2 })).toHaveText(first.name);
  await expect(firstCard).toContainText('URGENT');
  await expect(firstCard).toContainText(/Overdue · \d/);
  await expect(firstCard.getByRole('link', { name: new RegExp(`^Call ${first.name}, 0 `) })).toHaveAttribute('href', /^tel:\+44\d+$/);
  const waitingCounts = page.getByText(/\d+ waiting · \d+ overdue$/);
  await expect(waitingCounts).toContainText(`${waiting.length} waiting`);

  await openCard(page, first.name);
  await expect(firstCard.getByRole('link', { name: first.phone })).toHaveAttribute('href', /^tel:\+44\d+$/);
  await firstCard.getByRole('button', { name: `Mark contacted, ${first.name}` }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText('Marked contacted');
  await expect(status).toContainText(`${first.name}, answered in`);
  await expect(inboxCard(page, first.name)).toHaveCount(0);
  await expect(heading(page)).toHaveText(`Quote Requests (${waiting.length - 1})`);
  await expect(waitingCounts).toContainText(`${waiting.length - 1} waiting`);

  await chooseView(page, 'Contacted');
  await expect(page).toHaveURL(/view=contacted/);
  const card = inboxCard(page, first.name);
  await expect(card).toContainText(/Answered in .+ · late/);
  await addNote(page, first.name, 'Spoke to them: coming round at 3pm with a new diverter valve.');
  await expect(card).toContainText('demo@se1plumbing.example');

  await card.getByRole('button', { name: `Mark quoted, ${first.name}` }).click();
  await expect(status).toContainText('Marked quoted');
  await expect(card).toHaveCount(0);
  await chooseView(page, 'Quoted');
  await markOutcome(page, first.name, 'won', '480');
  await expect(status).toContainText('Marked won');
  await chooseView(page, 'Won');
  await expect(inboxCard(page, first.name).getByText('Won', { exact: true })).toBeVisible();
  await openCard(page, first.name);
  await inboxCard(page, first.name).getByText(/^Timeline \(\d+\)$/).click();
  await expect(inboxCard(page, first.name)).toContainText('Quoted → Won (£480)');

  // Another one falls through.
  await chooseView(page, 'Contacted');
  const other = page.getByRole('article').first();
  const otherName = (await other.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await openCard(page, otherName);
  await markOutcome(page, otherName, 'lost');
  await expect(status).toContainText('Marked lost');
  await chooseView(page, 'Lost');
  await expect(inboxCard(page, otherName).getByRole('button', { name: `Reopen, ${otherName}` })).toBeVisible();
});

test('an old request is found by its phone digits, and a date range is exported as CSV', async ({ page }) => {
  const all = sample().sort(compareInInbox('newest', new Date()));
  const oldest = all.at(-1);
  if (oldest === undefined) throw new Error('the demo has no requests');
  const digits = oldest.phone.replace(/\D/g, '');
  await page.goto('/');
  await openDemoStaffList(page);
  await chooseView(page, 'All');
  await expect(heading(page)).toHaveText(`Quote Requests (${all.length})`);

  const filters = page.getByRole('search', { name: 'Filter quote requests' });
  await filters.getByRole('searchbox', { name: 'Search' }).fill(digits);
  await filters.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=%22${digits}%22|q=${digits}`));
  await expect(heading(page)).toHaveText(`Quote Requests (${count({ view: 'all', search: digits })})`);
  await expect(inboxCard(page, oldest.name)).toBeVisible();

  const day = londonDay(oldest.createdAt);
  const inRange = all.filter((quote) => londonDay(quote.createdAt) === day);
  await filters.getByRole('button', { name: 'Filters' }).click();
  await filters.getByRole('button', { name: 'Clear' }).click();
  await filters.getByLabel('From').fill(day);
  await filters.getByLabel('To').fill(day);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}`));
  await expect(heading(page)).toHaveText(`Quote Requests (${inRange.length})`);

  // The export is a staff tool of its own, on the settings page: every request between two days.
  await openSettings(page);
  const exporting = page.getByRole('form', { name: 'Export' });
  await exporting.getByLabel('From').fill(day);
  await exporting.getByLabel('To').fill(day);
  const [download] = await Promise.all([page.waitForEvent('download'), exporting.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`quote-requests-${londonDay(new Date())}.csv`);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('Received,Name,Phone,Email,Postcode,Service area,Service,Description,Heard of us,Urgent,Landing page,Referrer,utm_source,utm_medium,utm_campaign,Ad click,Channel,Status,Won value (£),Lost reason,Responded,Response minutes,Within promise,Notes,Photos,Id');
  expect(lines.slice(1, -1)).toHaveLength(inRange.length);
  for (const quote of inRange) expect(lines.some((line) => line.endsWith(`,${quote.id}`) && line.startsWith(day))).toBe(true);
  await expect(page.getByRole('status')).toContainText(inRange.length === 1 ? 'Exported 1 request' : `Exported ${inRange.length} requests`);
});

test('the inbox works at phone width: nothing wider than the screen, and no accessibility violations', async ({ page, scanAccessibility }, testInfo) => {
  // Three screens' walk with a full accessibility scan of a long list each: longer than most tests.
  test.slow();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await page.getByRole('link', { name: 'Staff: quote requests' }).click();
  await page.getByRole('button', { name: 'Sign in with the demo account' }).click();
  await expect(heading(page)).toHaveText(/Quote Requests \(\d+\)/);
  await expect(page.getByText(/\d+ waiting · \d+ overdue$/)).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('inbox-375.png'), fullPage: true });
  expect(await scanAccessibility()).toEqual([]);

  // Every fold open, a note refused, the filters in the Lost view: still nothing axe objects to.
  for (const details of await page.getByRole('button', { name: /^Details, / }).all()) await details.click();
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.locator('article details').evaluateAll((folds) => {
    for (const fold of folds) if (fold instanceof HTMLDetailsElement) fold.open = true;
  });
  const first = page.getByRole('article').first();
  await first.getByRole('button', { name: 'Add note' }).click();
  await expect(first.getByText('Write the note before adding it')).toBeVisible();
  expect(await scanAccessibility()).toEqual([]);
  await chooseView(page, 'Lost');
  await expect(page).toHaveURL(/view=lost/);
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await scanAccessibility()).toEqual([]);
});

test('the filters work by keyboard alone', async ({ page }) => {
  await page.goto('/');
  await openDemoStaffList(page);
  await expect(heading(page)).toHaveText(/Quote Requests \(\d+\)/);
  const filters = page.getByRole('search', { name: 'Filter quote requests' });

  await filters.getByRole('radio', { name: 'Waiting' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/view=contacted/);
  await expect(filters.getByRole('radio', { name: 'Contacted' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(filters.getByRole('searchbox', { name: 'Search' })).toBeFocused();
  await page.keyboard.type('kitchen');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/view=contacted&q=kitchen/);
  await expect(heading(page)).toHaveText(`Quote Requests (${count({ view: 'contacted', search: 'kitchen' })})`);
  await expect(filters.getByRole('searchbox', { name: 'Search' })).toHaveValue('kitchen');
});

test('Mark won asks the job’s value in a dialog a phone can use: no accessibility violations, Escape moves nothing, and focus comes back', async ({ page, scanAccessibility }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await openDemoStaffList(page);
  await chooseView(page, 'Quoted');
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
  const button = card.getByRole('button', { name: `Mark won, ${name}` });
  await button.click();
  const dialog = page.getByRole('dialog', { name: `Mark won: ${name}` });
  await expect(dialog.getByLabel('Job value (£, optional)')).toBeFocused();
  await dialog.getByLabel('Job value (£, optional)').fill('a lot');
  await dialog.getByRole('button', { name: 'Mark won', exact: true }).click();
  await expect(dialog.getByText('Job value: write the amount in pounds, such as 450 or 1,250.50')).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  expect(await scanAccessibility()).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  await expect(inboxCard(page, name).getByText('Quoted', { exact: true })).toBeVisible();
});
