import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { startTestSmtpServer } from '../../adapters/email/test-smtp-server.test-support';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { e2eStaff, expect, holdScripts, openCard, takenOverByScripts, test } from '../fixtures';
import { quotesPath, startServer, stop } from './spawned-server';

// The customer's private link on our server, in a real browser: with scripts, and without.

/** A name no other test uses, so tests sharing the server's database never see each other's requests. */
const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

/** Sends an urgent request as a script would, and gives its customer link. */
async function sendRequest(request: APIRequestContext, name: string): Promise<{ id: string; link: string }> {
  const response = await request.post(quotesPath, {
    data: toNamedFields(sampleQuote({ name, email: null, urgent: true, serviceType: 'emergency', postcode: 'SE1 7PB', description: 'Pipe burst under the sink' })),
  });
  expect(response.status()).toBe(201);
  const stored = (await response.json()) as { id: string; customer_token: string };
  return { id: stored.id, link: `/r/${stored.customer_token}` };
}

/** The request as staff read it through the API: its status, history and notes. */
async function asStaff(request: APIRequestContext, id: string) {
  expect((await request.post('/api/session', { data: e2eStaff })).status()).toBe(200);
  // A request sent by a script, with no form token, may well be judged spam: look in both.
  for (const view of ['all', 'spam']) {
    const response = await request.get(`${quotesPath}?view=${view}&limit=500`);
    const page = (await response.json()) as {
      quotes: { id: string; status: string; activity: { kind: string; text?: string; to?: string; by: string }[] }[];
    };
    const found = page.quotes.find((quote) => quote.id === id);
    if (found) return found;
  }
  return undefined;
}

async function expectPrivatePage(page: Page, link: string) {
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cache-control']).toBe('no-store');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
}

test('with JavaScript, the customer follows their request, adds a message in place and staff see it on the card', async ({ page, request, consoleErrors }) => {
  const name = uniqueName('Tom Okafor');
  const { id, link } = await sendRequest(request, name);
  await expectPrivatePage(page, link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your request');
  await expect(page.locator('[aria-current="step"]')).toContainText('Received');
  await expect(page.getByText(/^We aim to call you by \d\d:\d\d( on \d\d\/\d\d\/\d{4})?$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'What you asked for' })).toContainText('Pipe burst under the sink');

  // A page loaded (a plain post, say) is a navigation request; the router settling its address as
  // the scripts take the page over is not.
  const navigations: string[] = [];
  page.on('request', (sent) => {
    if (sent.isNavigationRequest() && sent.frame() === page.mainFrame()) navigations.push(sent.url());
  });
  // Typed at once, as the scripts the first move asked for are still on their way: it is sent all the same.
  await page.getByLabel('Add a message').fill('The leak is worse now');
  await takenOverByScripts(page.getByRole('button', { name: 'Send message' }));
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('article', { name: 'Your request' }).getByRole('status')).toContainText('We have your message');
  await expect(page.getByRole('region', { name: 'Your messages' })).toContainText('The leak is worse now');
  expect(navigations).toEqual([]);

  const stored = await asStaff(request, id);
  expect(stored?.activity).toContainEqual(expect.objectContaining({ kind: 'customer-wrote', text: 'The leak is worse now', by: 'customer' }));
  await page.goto('/quotes');
  const form = page.getByRole('form', { name: 'Staff sign-in' });
  await form.getByLabel('Email').fill(e2eStaff.email);
  await form.getByLabel('Password').fill(e2eStaff.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  const card = await openCard(page, name);
  await expect(card).toContainText('The leak is worse now');
  expect(consoleErrors).toEqual([]);
});

test('with JavaScript, "No longer needed" asks first, then staff see the request lost with the reason', async ({ page, request }) => {
  const { id, link } = await sendRequest(request, uniqueName('Priya Raman'));
  await page.goto(link);
  await page.keyboard.press('Shift');
  await takenOverByScripts(page.getByRole('button', { name: 'No longer needed' }));
  await page.getByRole('button', { name: 'No longer needed' }).click();
  await expect(page.getByRole('heading', { name: 'Close your request?' })).toBeFocused();
  expect((await asStaff(request, id))?.status).toBe('new');
  await page.getByRole('button', { name: 'Yes, close my request' }).click();
  await expect(page.getByRole('article', { name: 'Your request' }).getByRole('status')).toContainText('Your request is closed');
  await expect(page.getByRole('article', { name: 'Your request' }).getByText('Closed', { exact: true })).toBeVisible();
  const stored = await asStaff(request, id);
  expect(stored?.status).toBe('lost');
  expect(stored?.activity.filter((entry) => entry.kind === 'status-moved').at(-1)).toMatchObject({ to: 'lost', by: 'customer' });
  expect(stored?.activity).toContainEqual(expect.objectContaining({ kind: 'customer-wrote', text: 'No longer needed', by: 'customer' }));
});

test('the page asks for nothing but itself until the customer acts; what they type while its scripts arrive is sent with them', async ({ page, request }) => {
  const { id, link } = await sendRequest(request, uniqueName('Tom Early'));
  const made: string[] = [];
  page.on('request', (sent) => made.push(new URL(sent.url()).pathname));
  const release = await holdScripts(page);
  await page.goto(link);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2_000);
  expect(made).toEqual([link]);

  await page.getByLabel('Add a message').fill('Please use the side door');
  await expect.poll(() => made.filter((path) => path.endsWith('.js')).length, 'the first move asked for the scripts').toBeGreaterThan(3);
  release();
  await takenOverByScripts(page.getByRole('button', { name: 'Send message' }));
  await expect(page.getByLabel('Add a message')).toHaveValue('Please use the side door');
  await page.getByRole('button', { name: 'Send message' }).click();
  // Once the server has it: the box the message is typed in is in the same region, with its text.
  await expect(page.getByRole('article', { name: 'Your request' }).getByRole('status')).toContainText('We have your message');
  await expect(page.getByRole('region', { name: 'Your messages' }).getByRole('listitem')).toContainText('Please use the side door');
  expect((await asStaff(request, id))?.activity).toContainEqual(expect.objectContaining({ kind: 'customer-wrote', text: 'Please use the side door', by: 'customer' }));
});

test('a guessed, malformed or mangled link is the same plain 404', async ({ request }) => {
  const { link } = await sendRequest(request, uniqueName('Ada Guess'));
  const answers = await Promise.all(
    ['/r/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/r/short', `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`].map(async (path) => {
      const response = await request.get(path);
      return { status: response.status(), body: await response.text(), robots: response.headers()['x-robots-tag'], referrer: response.headers()['referrer-policy'] };
    }),
  );
  expect(answers[0]?.status).toBe(404);
  expect(answers[0]?.body).toContain('Oops! Page not found');
  expect(answers[0]?.robots).toBe('noindex, nofollow');
  expect(answers[0]?.referrer).toBe('no-referrer');
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[2]).toEqual(answers[0]);
  expect((await request.get('/api/r/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status()).toBe(404);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /r/');
});

test('the page at a phone’s width and a desktop’s', async ({ page, request }, testInfo) => {
  const { link } = await sendRequest(request, uniqueName('Tom Screens'));
  await page.goto(link);
  await page.getByLabel('Add a message').fill('Water is coming through the kitchen ceiling now.');
  await takenOverByScripts(page.getByRole('button', { name: 'Send message' }));
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('article', { name: 'Your request' }).getByRole('status')).toContainText('We have your message');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`customer-page-${String(width)}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await page.getByRole('button', { name: 'No longer needed' }).click();
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('customer-page-close-390.png'), fullPage: true });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a message is a plain post: back to the page with thanks; an empty one is named beside the box, text kept', async ({ page, request }) => {
    const { id, link } = await sendRequest(request, uniqueName('Sam Plain'));
    await expectPrivatePage(page, link);
    await expect(page.getByText(/^We aim to call you by \d\d:\d\d( on \d\d\/\d\d\/\d{4})?$/)).toBeVisible();

    await page.getByLabel('Add a message').fill('   ');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Write your message before sending it')).toBeVisible();
    await expect(page.getByLabel('Add a message')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Add a message').fill('Please ring the side door bell');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(new RegExp(`${link}\\?done=message$`));
    await expect(page.getByRole('article', { name: 'Your request' }).getByRole('status')).toContainText('We have your message');
    await expect(page.getByRole('region', { name: 'Your messages' })).toContainText('Please ring the side door bell');
    expect((await asStaff(request, id))?.activity).toContainEqual(expect.objectContaining({ kind: 'customer-wrote', text: 'Please ring the side door bell', by: 'customer' }));
  });

  test('"No longer needed" goes to a question of its own, then closes the request', async ({ page, request }) => {
    const { id, link } = await sendRequest(request, uniqueName('Sam Closes'));
    await page.goto(link);
    await page.getByRole('button', { name: 'No longer needed' }).click();
    await expect(page).toHaveURL(new RegExp(`${link}\\?close=confirm$`));
    await expect(page.getByRole('heading', { name: 'Close your request?' })).toBeVisible();
    expect((await asStaff(request, id))?.status).toBe('new');
    await page.getByRole('button', { name: 'Yes, close my request' }).click();
    await expect(page).toHaveURL(new RegExp(`${link}\\?done=closed$`));
    await expect(page.getByRole('article', { name: 'Your request' }).getByRole('status')).toContainText('Your request is closed');
    expect((await asStaff(request, id))?.status).toBe('lost');
  });
});

test('the confirmation email links to the page, and the server’s log never holds a token', async ({ browser }) => {
  test.setTimeout(60_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'quotes-customer-link-'));
  const started: ChildProcess[] = [];
  const smtp = await startTestSmtpServer();
  try {
    const server = await startServer(dataDir, started, {
      SMTP_URL: smtp.url,
      NOTIFY_TO: 'office@example.co.uk',
      MAIL_FROM: 'Quotes <quotes@example.co.uk>',
    });
    server.log.splice(0);
    const response = await fetch(`${server.url}${quotesPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(toNamedFields(sampleQuote({ name: 'Tom Okafor', email: 'tom.okafor@example.com', urgent: true }))),
    });
    const { customer_token: token } = (await response.json()) as { customer_token: string };
    const emails = await smtp.waitFor(2, 15_000);
    const confirmation = emails.find((email) => email.to.includes('tom.okafor@example.com'));
    const follow = /Follow your request: (\S+)/.exec(confirmation?.text ?? '')?.[1] ?? '';
    expect(new URL(follow).pathname).toBe(`/r/${token}`);

    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto(new URL(follow).pathname);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your request');
    await page.getByLabel('Add a message').fill('The leak is worse now');
    await takenOverByScripts(page.getByRole('button', { name: 'Send message' }));
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('article', { name: 'Your request' }).getByRole('status')).toContainText('We have your message');
    await page.getByRole('button', { name: 'No longer needed' }).click();
    await page.getByRole('button', { name: 'Yes, close my request' }).click();
    await expect(page.getByRole('article', { name: 'Your request' }).getByRole('status')).toContainText('Your request is closed');
    await page.goto('/r/not-a-token');
    await context.close();

    const logged = server.log.join('\n');
    expect(logged).toContain('"path":"/r/…"');
    expect(logged).toContain('"path":"/api/r/…/messages"');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('not-a-token');
  } finally {
    await Promise.all(started.map((child) => stop(child, 'SIGKILL')));
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
