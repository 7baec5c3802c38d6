import { type BrowserContext, expect, type Page, type Worker } from '@playwright/test';

// Helpers for the specs of the inbox's service worker: in the demo and against our server alike.

/** What a shown notification says, as registration.getNotifications() reads it. */
export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  requireInteraction: boolean;
  actions: { action: string; title: string }[];
}

/** The notifications the inbox's worker shows now, read from a page of the site. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/quotes');
    const notifications = (await registration?.getNotifications()) ?? [];
    // `actions` is not in the DOM library's Notification type; Chromium has it.
    return notifications.map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      requireInteraction: notification.requireInteraction,
      actions: ((notification as Notification & { actions?: { action: string; title: string }[] }).actions ?? []).map(({ action, title }) => ({ action, title })),
    }));
  });
}

/** Opens /quotes and waits until its worker is installed and in charge of the page; returns the worker. */
export async function openInboxWithWorker(context: BrowserContext, page: Page): Promise<Worker> {
  const started = context.serviceWorkers()[0] ? Promise.resolve(context.serviceWorkers()[0]) : context.waitForEvent('serviceworker');
  await page.goto('/quotes');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(new URL('/quotes', page.url()).href);
  // Installing precaches the build's files first (some sixty), which a loaded machine takes a while to do.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL), { timeout: 30_000 }).toBe(new URL('/quotes-sw.js', page.url()).href);
  const worker = await started;
  if (!worker) throw new Error('no service worker started');
  return worker;
}

/** Clicks a notification (or one of its actions) as the browser would, by an event dispatched in the worker. */
export async function clickNotification(worker: Worker, tag: string, action: string): Promise<void> {
  await worker.evaluate(
    async ({ tag, action }) => {
      // The worker's global scope; the page's DOM types do not name it.
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent: (event: Event) => boolean };
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) throw new Error(`no notification tagged ${tag}`);
      const NotificationEventOf = (globalThis as unknown as { NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event }).NotificationEvent;
      scope.dispatchEvent(new NotificationEventOf('notificationclick', { notification, action }));
    },
    { tag, action },
  );
}

/**
 * Pushes to the inbox's worker as a push service would, through the DevTools protocol
 * (ServiceWorker.deliverPushMessage): what a phone's push service hands its browser.
 */
export async function pushToInboxWorker(context: BrowserContext, page: Page, origin: string): Promise<(data: string) => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/quotes` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return async (data) => {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });
  };
}
