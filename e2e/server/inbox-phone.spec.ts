import type { Locator, Page } from '@playwright/test';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { e2eStaff, expect, openCard, openSettings, signInAsStaff, takenOverByScripts, test } from '../fixtures';
import { pageFormToken } from './form-token';

// The inbox on the on-call plumber's phone, and on the office's screen, with 20 requests waiting:
// the requests come first, and the first one can be called with one tap on the first screen.

// One worker seeds the requests once, and the walks share them in turn.
test.describe.configure({ mode: 'serial' });
const marker = Math.random().toString(36).slice(2, 8);
const services = ['emergency', 'heating', 'bathroom', 'general', 'maintenance'] as const;

test.beforeAll(async ({ request }) => {
  for (let index = 0; index < 20; index += 1) {
    const quote = sampleQuote({
      name: `Caller ${marker} ${String(index + 1).padStart(2, '0')}`,
      phone: `07700 900${String(index).padStart(3, '0')}`,
      serviceType: services[index % services.length] ?? 'general',
      urgent: index % 4 === 0,
      // Longer than two lines on a phone, as a real job often is: the folded card draws two of them.
      description: `Job ${marker}: a tap dripping under the sink, number ${index + 1}. The stopcock under the stairs is stiff, and the flat below has a damp patch on its ceiling.`,
      // Every other one sent without an email address.
      email: index % 2 === 0 ? `caller${String(index + 1)}@example.co.uk` : null,
    });
    const created = await request.post('/api/quote-requests', { data: { ...toNamedFields(quote), ...(await pageFormToken(request)) } });
    expect(created.status()).toBe(201);
  }
});

/** The box of `locator` in the page's viewport. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not laid out');
  return box;
}

/** Whether the whole of `locator` is on the screen, not scrolled to. */
async function wholeOnScreen(page: Page, locator: Locator) {
  const box = await boxOf(locator);
  const viewport = page.viewportSize();
  return viewport !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width;
}

/** Fails, saying where it is, unless the whole of `locator` is on the screen. */
async function expectWholeOnScreen(page: Page, locator: Locator, what: string) {
  expect(await wholeOnScreen(page, locator), `${what} at ${JSON.stringify(await boxOf(locator))} on ${JSON.stringify(page.viewportSize())}`).toBe(true);
}

/**
 * The test server has no mail server, so a banner above the list says so. The limits here are for a
 * server with email set up: the screen grows by the banner's room, as if it were not there.
 */
async function growByBanner(page: Page) {
  const banner = page.locator('.email-setup-banner');
  const room = (await banner.isVisible()) ? Math.ceil((await boxOf(banner)).height) + 16 : 0;
  const viewport = page.viewportSize();
  if (viewport !== null) await page.setViewportSize({ width: viewport.width, height: viewport.height + room });
  return room;
}

async function openInbox(page: Page) {
  await signInAsStaff(page);
  await page.goto(`/quotes?q=${marker}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote Requests (20)');
  await expect(page.getByRole('article')).toHaveCount(20);
}

test('on a phone, the first request and its Call button are on the first screen, with a second card whole beneath it', async ({ page, scanAccessibility }, testInfo) => {
  // Measures, scans and walks a list of twenty at a phone's width: longer than most tests.
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await openInbox(page);
  const bannerRoom = await growByBanner(page);
  const cards = page.getByRole('article');
  const first = cards.first();

  expect((await boxOf(first)).y - bannerRoom).toBeLessThanOrEqual(320);
  await expectWholeOnScreen(page, cards.nth(0), 'the first card');
  await expectWholeOnScreen(page, cards.nth(1), 'the second card');
  const call = first.getByRole('link', { name: /^Call Caller / });
  await expectWholeOnScreen(page, call, 'its Call button');
  await expect(call).toHaveAttribute('href', /^tel:\+447700900\d{3}$/);
  // The number digit by digit, for a screen reader.
  await expect(call).toHaveAccessibleName(/^Call Caller .+, 0 7 7 0 0, 9 0 0 \d \d \d$/);

  await expectWholeOnScreen(page, cards.nth(1).getByRole('link', { name: /^Call Caller / }), "the second card's Call button");

  // Folded, a card is short enough that two fit under the first screen's top 320 px, and its two
  // actions are targets a thumb finds.
  for (const index of [0, 1, 2]) expect((await boxOf(cards.nth(index))).height).toBeLessThanOrEqual(250);
  for (const action of [call, first.getByRole('button', { name: /^I'm on it, / })]) {
    const box = await boxOf(action);
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await expect(first.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  // Folded, it shows what the job is in two lines of it (all of it is in the page), when it was
  // received, and the number and the email as links; one sent without an email has no email link.
  const description = first.getByText(/a tap dripping under the sink, number \d+\. The stopcock .* ceiling\.$/);
  await expect(description).toBeVisible();
  const drawn = await description.evaluate((element) => ({
    lines: element.clientHeight / Number.parseFloat(getComputedStyle(element).lineHeight),
    cut: element.scrollHeight > element.clientHeight,
  }));
  expect(drawn.lines).toBeLessThanOrEqual(2.05);
  expect(drawn.cut).toBe(true);
  await expect(first.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expect(first.locator('time')).toBeVisible();
  const contact = first.getByRole('list', { name: 'Contact details' });
  await expect(contact.getByRole('link', { name: /^07700 900\d{3}$/ })).toHaveAttribute('href', /^tel:\+447700900\d{3}$/);
  await expectWholeOnScreen(page, contact.getByRole('link', { name: /@example\.co\.uk$/ }), "the first card's email link");
  await expect(contact.getByRole('link', { name: /@example\.co\.uk$/ })).toHaveAttribute('href', /^mailto:caller\d+@example\.co\.uk$/);
  const withoutEmail = cards.filter({ has: page.getByText(/number (2|4|6|8|10|12|14|16|18|20)\. /) }).first();
  await expect(withoutEmail.locator('a[href^="mailto:"]')).toHaveCount(0);
  await expect(withoutEmail.locator('a[href^="tel:"]')).toHaveCount(2);

  // What waits stays in view, in one line, however far the list scrolls; the views fit one line.
  const counts = page.getByText(/\d+ waiting · \d+ overdue$/);
  expect((await boxOf(counts)).height).toBeLessThan(30);
  const views = page.getByRole('group', { name: 'Show' });
  expect((await boxOf(views)).height).toBeLessThan(60);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('inbox-390.png') });
  await cards.nth(12).scrollIntoViewIfNeeded();
  await expectWholeOnScreen(page, counts, 'the waiting count');

  // The staff header: no public "Call Now" or "Get Quote" ringing the business itself.
  await expect(page.getByRole('link', { name: 'Call Now' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Get Quote' })).toHaveCount(0);
  expect(await scanAccessibility()).toEqual([]);

  // Opened, the card holds the rest and the whole description, Delete apart at its foot.
  const card = await openCard(page, 'Caller ' + marker + ' 02');
  const whole = card.getByText(/a tap dripping under the sink, number 2\./);
  await expect(whole).toBeVisible();
  expect(await whole.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
  await expect(card.getByRole('button', { name: /^Delete/ })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('inbox-open-390.png') });
  expect(await scanAccessibility()).toEqual([]);

  await openSettings(page);
  await page.screenshot({ path: testInfo.outputPath('settings-390.png'), fullPage: true });
  expect(await scanAccessibility()).toEqual([]);
});

test('on a desktop screen, at least four whole cards are on the first screen', async ({ page, scanAccessibility }, testInfo) => {
  // A full accessibility scan of a long list, and the settings page in a full-page screenshot.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await openInbox(page);
  await growByBanner(page);
  const cards = page.getByRole('article');
  let whole = 0;
  for (let index = 0; index < 8; index += 1) if (await wholeOnScreen(page, cards.nth(index))) whole += 1;
  expect(whole).toBeGreaterThanOrEqual(4);
  await expectWholeOnScreen(page, cards.first().getByRole('link', { name: /^Call / }), "the first card's Call button");
  // The filters open on demand, with whole dates.
  await page.getByRole('button', { name: 'Filters' }).click();
  const from = page.getByLabel('From');
  expect((await boxOf(from)).width).toBeGreaterThanOrEqual(150);
  await page.screenshot({ path: testInfo.outputPath('inbox-1280.png') });
  expect(await scanAccessibility()).toEqual([]);
  await openCard(page, 'Caller ' + marker + ' 01');
  await page.screenshot({ path: testInfo.outputPath('inbox-open-1280.png') });
  await openSettings(page);
  await page.screenshot({ path: testInfo.outputPath('settings-1280.png'), fullPage: true });
});

test('by keyboard alone: take a request, open its card, close it, and move it on; focus is never lost', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openInbox(page);
  const name = `Caller ${marker} 20`;
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
  const call = card.getByRole('link', { name: new RegExp(`^Call ${name}`) });
  await call.focus();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: `I'm on it, ${name}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText("You're on it");
  // The same button now offers the next move, and still has focus.
  await expect(card.getByRole('button', { name: `Mark contacted, ${name}` })).toBeFocused();

  await page.keyboard.press('Tab');
  const details = card.getByRole('button', { name: `Details, ${name}` });
  await expect(details).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByText(/^Taken by /)).toBeVisible();
  await expect(details).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await expect(details).toBeFocused();

  await page.keyboard.press('Shift+Tab');
  await expect(card.getByRole('button', { name: `Mark contacted, ${name}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Marked contacted');
  await expect(card).toHaveCount(0);
  // Its neighbour's heading takes focus, where the staff member carries on.
  await expect(page.locator('article h2:focus')).toHaveCount(1);
});

test('signed in, the inbox arrives drawn with its requests, before any script, and the page takes them over as drawn', async ({ browser, page, consoleErrors }) => {
  await signInAsStaff(page);
  const cookies = await page.context().cookies();

  // Without scripts: what the server sent is the list itself, and Call works as a plain link.
  const scriptless = await browser.newContext({ javaScriptEnabled: false });
  await scriptless.addCookies(cookies);
  const plain = await scriptless.newPage();
  await plain.goto(`/quotes?q=${marker}`);
  // The walks before this one moved one on: the rest still wait.
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Quote Requests (19)');
  await expect(plain.getByRole('article')).toHaveCount(19);
  await expect(plain.getByRole('article').first().getByRole('link', { name: /^Call Caller / })).toHaveAttribute('href', /^tel:\+447700900\d{3}$/);
  await expect(plain.getByText(`Signed in as ${e2eStaff.email}`)).toBeVisible();
  await scriptless.close();

  // With them, the page takes the list over without redrawing it, and it works.
  await page.goto(`/quotes?q=${marker}`);
  const first = page.getByRole('article').first();
  await takenOverByScripts(first.getByRole('button', { name: /^Details, / }));
  await first.getByRole('button', { name: /^Details, / }).click();
  await expect(first.getByRole('button', { name: /^Delete/ })).toBeVisible();
  expect(consoleErrors).toEqual([]);

  // Someone else at this device, after sign-out, gets the sign-in form, not the list.
  await page.context().clearCookies();
  await page.goto(`/quotes?q=${marker}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff sign-in');
  await expect(page.getByRole('article')).toHaveCount(0);
});
