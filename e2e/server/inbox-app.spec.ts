import type { BrowserContext, Page } from '@playwright/test';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { staffName } from '../../domain/alerts/on-call';
import { e2eStaff, expect, signInAsStaff, takenOverByScripts, test } from '../fixtures';
import { clickNotification, openInboxWithWorker, pushToInboxWorker, shownNotifications } from '../inbox-worker';
import { pageFormToken } from './form-token';

// The staff inbox as an app on a phone, against our server: its manifest and service worker, alerts
// pushed to it through the DevTools protocol as a push service would, "I'm on it", and opening offline.

const manifestLinks = (page: Page) =>
  page.locator('link[rel="manifest"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));

test('the worker and the inbox manifest are served as the browser needs them, always revalidated', async ({ request }) => {
  const worker = await request.get('/quotes-sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toBe('text/javascript; charset=utf-8');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-security-policy']).toContain("script-src 'self'");
  const manifest = await request.get('/quotes.webmanifest');
  expect(manifest.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
  expect(await manifest.json()).toMatchObject({ start_url: '/quotes', scope: '/quotes', display: 'standalone' });
});

test('only /quotes links the inbox manifest and registers the worker; the home page keeps the site manifest and gets no worker', async ({ context, page }) => {
  const workerRequests: string[] = [];
  context.on('request', (request) => {
    if (request.url().includes('quotes-sw')) workerRequests.push(request.url());
  });
  // Each page's scripts load on the visitor's first interaction: let them, then give any script that
  // would register a worker time to do it.
  await page.goto('/');
  expect(await manifestLinks(page)).toEqual(['/manifest.webmanifest']);
  await page.keyboard.press('Shift');
  await takenOverByScripts(page.getByRole('form', { name: 'Request a Quote' }));
  await page.goto('/privacy');
  expect(await manifestLinks(page)).toEqual(['/manifest.webmanifest']);
  await page.keyboard.press('Shift');
  await takenOverByScripts(page.getByRole('heading', { level: 1 }));
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(workerRequests).toEqual([]);

  await openInboxWithWorker(context, page);
  expect(await manifestLinks(page)).toEqual(['/quotes.webmanifest']);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/quotes'))?.scope)).toBe(new URL('/quotes', page.url()).href);

  // Registered, it is still not the home page's: that page is outside its scope.
  await page.goto('/');
  expect(await manifestLinks(page)).toEqual(['/manifest.webmanifest']);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.scope)).toBeUndefined();
});

/** A request sent through the API, as the alert about it would name it. */
async function sendUrgentRequest(page: Page) {
  const name = `Tom Pusher${Math.random().toString(36).slice(2, 6)}`;
  const created = await page.request.post('/api/quote-requests', {
    data: { ...toNamedFields(sampleQuote({ name, serviceType: 'emergency', urgent: true, postcode: 'SE1 7PB' })), ...(await pageFormToken(page.request)) },
  });
  expect(created.status()).toBe(201);
  const { id, created_at: createdAt } = (await created.json()) as { id: string; created_at: string };
  return { kind: 'request', quoteId: id, step: 'new', service: 'emergency', urgent: true, district: 'SE1', firstName: 'Tom', createdAt };
}

/** Signs in, opens the inbox with its worker, and returns a way to push to it as a push service would. */
async function inboxReadyForPushes(context: BrowserContext, page: Page, origin: string) {
  await context.grantPermissions(['notifications'], { origin });
  await signInAsStaff(page);
  const worker = await openInboxWithWorker(context, page);
  const push = await pushToInboxWorker(context, page, origin);
  return { worker, push };
}

const tagsShown = async (page: Page) => (await shownNotifications(page)).map(({ tag }) => tag);

/**
 * Pushes `data` until the notification tagged `tag` shows. DevTools hands a push over without waiting
 * for the worker to take it, and Chromium under load has been seen to drop one; shown under one tag,
 * a second delivery changes nothing.
 */
async function pushUntilShown(page: Page, push: (data: string) => Promise<void>, data: string, tag: string) {
  await expect
    .poll(
      async () => {
        const shown = await tagsShown(page);
        if (!shown.includes(tag)) await push(data);
        return shown;
      },
      { timeout: 15_000 },
    )
    .toContain(tag);
}

test('a pushed alert shows as a notification with "I\'m on it"; one that cannot take the request says so', async ({ context, page, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const alert = await sendUrgentRequest(page);
  const { worker, push } = await inboxReadyForPushes(context, page, origin);

  await push(JSON.stringify(alert));
  await expect.poll(() => shownNotifications(page)).toEqual([
    {
      title: 'URGENT · Emergency Plumbing · SE1',
      body: expect.stringMatching(/^Tom · waiting (under 1 min|\d+ min)$/) as unknown as string,
      tag: `quote-${alert.quoteId}`,
      requireInteraction: true,
      actions: [{ action: 'take', title: "I'm on it" }],
    },
  ]);

  // A push that is no alert still shows something, as browsers require.
  // DevTools hands a push over without waiting for the worker to take it, and Chromium under load has
  // been seen to drop one sent right after another; shown under one tag, a second delivery changes nothing.
  await push('not an alert');
  await expect
    .poll(
      async () => {
        const titles = (await shownNotifications(page)).map(({ title }) => title);
        if (!titles.includes('New activity on the inbox')) await push('not an alert');
        return titles;
      },
      { timeout: 15_000 },
    )
    .toContain('New activity on the inbox');

  // A token the server never signed takes nothing, whatever session the phone has: the server says
  // 401, and the phone says to open the inbox.
  await push(JSON.stringify({ ...alert, take: 'a-token-nobody-signed' }));
  // Shown before it is clicked: a push handled after the click would cover the notice it brings.
  await expect
    .poll(() =>
      page.evaluate(async (tag) => {
        const [shown] = (await (await navigator.serviceWorker.getRegistration('/quotes'))?.getNotifications({ tag })) ?? [];
        return (shown?.data as { alert?: { take?: string } } | undefined)?.alert?.take;
      }, `quote-${alert.quoteId}`),
    )
    .toBe('a-token-nobody-signed');
  await clickNotification(worker, `quote-${alert.quoteId}`, 'take');
  await expect
    .poll(async () => (await shownNotifications(page)).find(({ tag }) => tag === `quote-${alert.quoteId}`))
    .toMatchObject({ title: 'Could not take it: open the inbox', body: 'URGENT · Emergency Plumbing · SE1', actions: [] });
});

test('"I\'m on it" takes the request on the server with the staff session; from a later alert it says who was first', async ({ context, page, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const alert = await sendUrgentRequest(page);
  const { worker, push } = await inboxReadyForPushes(context, page, origin);
  const tag = `quote-${alert.quoteId}`;

  await pushUntilShown(page, push, JSON.stringify(alert), tag);
  await clickNotification(worker, tag, 'take');
  await expect.poll(() => tagsShown(page)).not.toContain(tag);
  await expect
    .poll(async () => {
      const listed = await page.request.get('/api/quote-requests?view=all&limit=100');
      const { quotes } = (await listed.json()) as { quotes: { id: string; activity: { kind: string; by: string }[] }[] };
      return quotes.find((quote) => quote.id === alert.quoteId)?.activity.find((entry) => entry.kind === 'taken')?.by;
    })
    .toBe(e2eStaff.email);

  await pushUntilShown(page, push, JSON.stringify({ ...alert, step: 'escalated' }), tag);
  await clickNotification(worker, tag, 'take');
  await expect.poll(async () => (await shownNotifications(page)).find((shown) => shown.tag === tag)?.title).toBe(`Already taken by ${staffName(e2eStaff.email)}`);
});

test('offline, /quotes opens from the cache with the offline banner, or says plainly it is offline; never the browser\'s error page', async ({ context, page }, testInfo) => {
  await openInboxWithWorker(context, page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: "You're offline. The inbox will catch up when the connection is back." })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Quote Requests|Staff sign-in/);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: testInfo.outputPath(`quotes-offline-${width}.png`), fullPage: true });
  }

  // With no copy of the page kept, the worker's own page says so.
  await page.evaluate(async () => {
    for (const name of await caches.keys()) await (await caches.open(name)).delete('/quotes');
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're offline");
  await expect(page.getByText('Check that Wi-Fi or mobile data is on')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/quotes');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: testInfo.outputPath(`quotes-offline-page-${width}.png`), fullPage: true });
  }

  // Back online, the inbox is there again.
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Quote Requests|Staff sign-in/);
});

test('a tap on an alert opens the inbox at its card, already open, with Call first in focus order', async ({ context, page, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const alert = await sendUrgentRequest(page);
  const { worker, push } = await inboxReadyForPushes(context, page, origin);
  const tag = `quote-${alert.quoteId}`;

  await pushUntilShown(page, push, JSON.stringify(alert), tag);
  // The notification itself, not its "I'm on it": the inbox opens at the request.
  await clickNotification(worker, tag, '');
  await expect(page).toHaveURL(new RegExp(`/quotes\\?id=${alert.quoteId}`));
  const card = page.locator('article.quote-card-linked');
  await expect(card.getByRole('button', { name: /^Details, / })).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByRole('heading', { level: 2 })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('link', { name: /^Call Tom Pusher/ })).toBeFocused();
  await expect(card.getByRole('link', { name: /^Call Tom Pusher/ })).toHaveAttribute('href', /^tel:\+44/);
});
