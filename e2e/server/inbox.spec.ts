import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { staffName } from '../../domain/alerts/on-call';
import { londonDay } from '../../domain/london-time';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { addNote, chooseView, e2eStaff, expect, inboxCard, markOutcome, openCard, openSettings, signInAsStaff, test } from '../fixtures';
import { pageFormToken } from './form-token';

// Tests share the server's database: each works only on requests carrying its own marker.
const marker = () => Math.random().toString(36).slice(2, 8);
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('staff work requests on the real server: the status, notes and history outlive a reload', async ({ page, request }) => {
  const id = marker();
  const urgent = `Burst Pipe ${id}`;
  const standard = `Boiler Service ${id}`;
  const phone = `07700 900${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  for (const quote of [
    sampleQuote({ name: standard, serviceType: 'heating', description: `Annual service ${id}` }),
    sampleQuote({ name: urgent, phone, serviceType: 'emergency', urgent: true, description: `Water everywhere ${id}` }),
  ]) {
    expect((await request.post('/api/quote-requests', { data: { ...toNamedFields(quote), ...(await pageFormToken(request)) } })).status()).toBe(201);
  }
  await signInAsStaff(page);
  await page.goto(`/quotes?q=${id}`);

  await expect(heading(page)).toHaveText('Quote Requests (2)');
  const first = page.getByRole('article').first();
  await expect(first.getByRole('heading', { level: 2 })).toHaveText(urgent);
  await expect(first).toContainText(/On time · \d+ min left/);
  await expect(first.getByRole('link', { name: new RegExp(`^Call ${urgent}, 0 7 7 0 0, 9 0 0`) })).toHaveAttribute('href', /^tel:\+447700900\d{3}$/);
  await openCard(page, urgent);
  await expect(first.getByRole('link', { name: phone })).toHaveAttribute('href', /^tel:\+447700900\d{3}$/);

  await first.getByRole('button', { name: `Mark contacted, ${urgent}` }).click();
  await expect(page.getByRole('status')).toContainText('Marked contacted');
  await expect(heading(page)).toHaveText('Quote Requests (1)');
  await page.reload();
  await expect(heading(page)).toHaveText('Quote Requests (1)');
  await expect(inboxCard(page, urgent)).toHaveCount(0);

  await chooseView(page, 'Contacted');
  await expect(page).toHaveURL(new RegExp(`view=contacted&q=${id}`));
  const card = inboxCard(page, urgent);
  await expect(card).toContainText(/Answered in (?:under 1|\d+) min · within promise/);
  await openCard(page, urgent);
  await addNote(page, urgent, 'Isolated the supply; back tomorrow 8am to replace the section.');
  await page.reload();
  await openCard(page, urgent);
  // The timeline: taken on and moved as the first call back, and the note, each by who and when.
  await card.getByText(/^Timeline \(3\)$/).click();
  await expect(card).toContainText(`Waiting → Contacted`);
  await expect(card.locator('.quote-history')).toContainText(`Note: Isolated the supply`);
  await expect(card.locator('.quote-history')).toContainText(`by ${staffName(e2eStaff.email)}`);
  await expect(card.locator('.note-list').getByRole('listitem').filter({ hasText: 'Isolated the supply' })).toContainText(e2eStaff.email);

  await chooseView(page, 'All');
  await openCard(page, urgent);
  await openCard(page, standard);
  await inboxCard(page, urgent).getByRole('button', { name: `Mark quoted, ${urgent}` }).click();
  await expect(page.getByRole('status')).toContainText('Marked quoted');
  await markOutcome(page, urgent, 'won', '£1,250.50');
  await expect(page.getByRole('status')).toContainText('Marked won');
  await inboxCard(page, standard).getByRole('button', { name: `Mark contacted, ${standard}` }).click();
  await expect(inboxCard(page, standard).getByRole('button', { name: `Mark lost, ${standard}` })).toBeVisible();
  await markOutcome(page, standard, 'lost', 'Out of area');
  await expect(page.getByRole('status')).toContainText('Marked lost');

  await page.reload();
  await expect(inboxCard(page, urgent).getByText('Won', { exact: true })).toBeVisible();
  await expect(inboxCard(page, standard).getByText('Lost', { exact: true })).toBeVisible();
  // What staff said of each outcome outlives the reload.
  await expect((await openCard(page, urgent)).getByRole('definition').filter({ hasText: '£' })).toHaveText('£1,250.50');
  await expect((await openCard(page, standard)).getByRole('definition').filter({ hasText: 'Out of area' })).toBeVisible();
  await expect(inboxCard(page, standard).getByRole('button', { name: `Reopen, ${standard}` })).toBeVisible();
});

test('a change made by someone else first is not overwritten', async ({ page, browser, request }) => {
  const name = `Dripping Tap ${marker()}`;
  expect((await request.post('/api/quote-requests', { data: { ...toNamedFields(sampleQuote({ name })), ...(await pageFormToken(request)) } })).status()).toBe(201);
  await signInAsStaff(page);
  await page.goto(`/quotes?q=${encodeURIComponent(name)}`);
  await expect(inboxCard(page, name)).toBeVisible();

  const colleague = await browser.newPage();
  await signInAsStaff(colleague);
  await colleague.goto(`/quotes?q=${encodeURIComponent(name)}`);
  await openCard(colleague, name);
  await inboxCard(colleague, name).getByRole('button', { name: `Mark contacted, ${name}` }).click();
  await expect(colleague.getByRole('status')).toContainText('Marked contacted');
  await colleague.close();

  await openCard(page, name);
  await inboxCard(page, name).getByRole('button', { name: `Mark contacted, ${name}` }).click();
  await expect(page.getByRole('status')).toContainText('Someone else changed this request');
  await expect(inboxCard(page, name)).toHaveCount(0);
});

test('found by phone digits, filtered to today, and exported as CSV from the settings', async ({ page, request }) => {
  const id = marker();
  const digits = `7946${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const names = [`Radiator ${id}`, `=SUM(A1:A9) ${id}`];
  for (const name of names) {
    const phone = `020 ${digits.slice(0, 4)} 0${digits.slice(4)}`;
    const sent = { ...toNamedFields(sampleQuote({ name, phone, serviceType: 'heating', description: `Job ${id}` })), ...(await pageFormToken(request)) };
    expect((await request.post('/api/quote-requests', { data: sent })).status()).toBe(201);
  }
  await signInAsStaff(page);
  await page.goto('/quotes?view=all');
  const filters = page.getByRole('search', { name: 'Filter quote requests' });

  await filters.getByRole('searchbox', { name: 'Search' }).fill(`020${digits.slice(0, 4)}0${digits.slice(4)} ${id}`);
  await filters.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(heading(page)).toHaveText('Quote Requests (2)');

  const today = londonDay(new Date());
  await filters.getByRole('searchbox', { name: 'Search' }).fill(id);
  await filters.getByRole('button', { name: 'Filters' }).click();
  await filters.getByLabel('From').fill(today);
  await filters.getByLabel('To').fill(today);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await expect(heading(page)).toHaveText('Quote Requests (2)');
  await expect(filters.getByRole('button', { name: 'Filters (2)' })).toBeVisible();

  await openSettings(page);
  const exporting = page.getByRole('form', { name: 'Export' });
  await exporting.getByLabel('From').fill(today);
  await exporting.getByLabel('To').fill(today);
  const [download] = await Promise.all([page.waitForEvent('download'), exporting.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`quote-requests-${today}.csv`);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toMatch(/^Received,Name,Phone,/);
  // Every request of today, other tests' too: these two among them.
  expect(lines.every((line, index) => index === 0 || line === '' || line.startsWith(today))).toBe(true);
  expect(lines.some((line) => line.includes(`,Radiator ${id},`))).toBe(true);
  // A name a spreadsheet would run as a formula is defused with an apostrophe.
  expect(lines.some((line) => line.includes(`,'=SUM(A1:A9) ${id},`))).toBe(true);
});

test('the signed-in inbox on the server, a card open, has no accessibility violations', async ({ page, scanAccessibility }) => {
  // A full accessibility scan of a list that holds every other test's requests too.
  test.slow();
  await signInAsStaff(page);
  await expect(page.getByText(/\d+ waiting · \d+ overdue$/)).toBeVisible();
  await page.getByRole('article').first().getByRole('button', { name: /^Details, / }).click();
  await expect(page.getByRole('article').first().getByRole('button', { name: /^Delete/ })).toBeVisible();
  expect(await scanAccessibility()).toEqual([]);
});

test('the inbox settings on the server, with their response times, have no accessibility violations', async ({ page, scanAccessibility }) => {
  // A full accessibility scan of a list that holds every other test's requests too.
  test.slow();
  await signInAsStaff(page);
  await expect(page.getByText(/\d+ waiting · \d+ overdue$/)).toBeVisible();
  await openSettings(page);
  await expect(page.getByRole('region', { name: 'Response times' })).toContainText('Waiting now');
  expect(await scanAccessibility()).toEqual([]);
});

test('while the server has no SMTP_URL, one banner above the inbox says the emails wait, and no card says it again', async ({ page, request }) => {
  const name = `Waiting Email ${marker()}`;
  expect((await request.post('/api/quote-requests', { data: { ...toNamedFields(sampleQuote({ name })), ...(await pageFormToken(request)) } })).status()).toBe(201);
  await signInAsStaff(page);
  await page.goto(`/quotes?q=${encodeURIComponent(name)}`);

  const banner = page.getByText('Emails to the business are waiting: email is not set up yet');
  await expect(banner).toHaveCount(1);
  await expect(banner).toBeVisible();
  await expect(page.getByText('docs/deploy.md#7-email')).toBeVisible();
  await openCard(page, name);
  await expect(inboxCard(page, name)).toBeVisible();
  await expect(page.getByText('Email to the business not sent yet')).toHaveCount(0);
  // Read again by the page itself, as after a change of view, it is still said once.
  await chooseView(page, 'All');
  await expect(banner).toHaveCount(1);
});
