// The staff inbox's service worker, scoped to /quotes: alerts on the phone (push messages, and the
// demo's alerts posted by a page), "I'm on it" from the notification, and the inbox opening offline.
// Built on its own into one classic script at /quotes-sw.js (vite.config.ts); it imports domain/ and
// its own folder only.
import * as v from 'valibot';
import {
  alertNotification,
  type AlertNotification,
  clickPlan,
  noticeNotification,
  parseAlert,
  type TakeAnswer,
  type TakeEndpoint,
  takenThroughFor,
  takeNotice,
  unreadableNotification,
} from './alert-notification';
import { fetchStrategy, inboxPath } from './fetch-strategy';
import { offlinePageHtml } from './offline-page';
import { ShowAlertMessageSchema } from './worker-messages';

declare const self: ServiceWorkerGlobalScope;
/** Written in by the build: an id of this build, and its scripts and styles, so the inbox opens offline. */
declare const INBOX_BUILD: string;
declare const INBOX_PRECACHE: readonly string[];
/** Written in by the build: who takes a request for a push, our server or Supabase's alert function. */
declare const INBOX_TAKE_ENDPOINT: TakeEndpoint;

const cachePrefix = 'quotes-inbox-';
const cacheName = `${cachePrefix}${INBOX_BUILD}`;

/**
 * Keeps the worker alive until `work` is done. A synthetic event (a test's) refuses waitUntil; the
 * work runs all the same.
 */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>): void {
  const settled = work.catch((error: unknown) => {
    console.error('The inbox worker failed:', error);
  });
  try {
    event.waitUntil(settled);
  } catch {
    // Not a browser's own event: nothing to extend.
  }
}

const show = ({ title, options }: AlertNotification) => self.registration.showNotification(title, options);

self.addEventListener('install', (event) => {
  keepAlive(event, precache().then(() => self.skipWaiting()));
});

/**
 * Whether a page may be kept for offline: a staff page as built, not one drawn with a staff member's
 * requests, which comes marked no-store, so nobody at this device after them sees it offline.
 */
const keepable = (response: Response) =>
  response.ok && !(response.headers.get('cache-control') ?? '').includes('no-store') && (response.headers.get('content-type') ?? '').startsWith('text/html');

/** The inbox page as built (asked for with no cookie) and the build's files, each on its own: one that fails must not stop the alerts. */
async function precache(): Promise<void> {
  const cache = await caches.open(cacheName);
  await Promise.allSettled(
    [inboxPath, ...INBOX_PRECACHE].map(async (path) => {
      const response = await fetch(path, { cache: 'no-cache', credentials: 'omit' });
      if (response.ok && (path !== inboxPath || keepable(response))) await cache.put(path, response);
    }),
  );
}

self.addEventListener('activate', (event) => {
  keepAlive(
    event,
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(cachePrefix) && name !== cacheName).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const strategy = fetchStrategy(event.request, self.location.origin);
  if (strategy === 'page') event.respondWith(inboxPage(event.request));
  else if (strategy === 'asset') event.respondWith(cacheFirst(event.request));
});

/**
 * The network first, keeping the last good copy of each staff page (the inbox, the settings) by its
 * path, whatever its query, as built, never as drawn for someone; offline, that copy, or a page that
 * says so.
 */
async function inboxPage(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  try {
    const response = await fetch(request);
    if (keepable(response)) {
      const cache = await caches.open(cacheName);
      await cache.put(path, response.clone());
    }
    return response;
  } catch {
    const cached = await caches.match(path, { cacheName, ignoreVary: true });
    return cached ?? new Response(offlinePageHtml(), { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
}

/** Hashed files never change: a copy is as good as the network's, and is there offline. */
async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(cacheName);
    await cache.put(request, response.clone());
  }
  return response;
}

function pushedJson(data: PushMessageData | null): unknown {
  try {
    return data?.json();
  } catch {
    return undefined;
  }
}

self.addEventListener('push', (event) => {
  const alert = parseAlert(pushedJson(event.data));
  keepAlive(event, show(alert ? alertNotification(alert, takenThroughFor(alert, 'push'), new Date()) : unreadableNotification()));
});

self.addEventListener('message', (event) => {
  const parsed = v.safeParse(ShowAlertMessageSchema, event.data);
  if (!parsed.success) return;
  const { alert } = parsed.output;
  keepAlive(event, show(alertNotification(alert, takenThroughFor(alert, 'page'), new Date())));
});

self.addEventListener('notificationclick', (event) => {
  keepAlive(event, answerClick(event.notification, event.action));
});

async function answerClick(notification: Notification, action: string): Promise<void> {
  const plan = clickPlan(notification.data, action, INBOX_TAKE_ENDPOINT);
  notification.close();
  if (plan.kind === 'open') {
    await openInbox(plan.url);
    return;
  }
  const answer = plan.kind === 'take-on-server' ? await takeOnServer(plan.url, plan.body) : await tellPages(plan.message);
  const notice = takeNotice(answer);
  if (notice !== undefined) await show(noticeNotification(notice, plan.data));
}

/** Our server takes the request for the alert's token or the staff session's cookie, whichever it has. */
async function takeOnServer(url: string, body: { token?: string; quoteId?: string }): Promise<TakeAnswer> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => undefined) };
  } catch {
    return 'unreachable';
  }
}

async function tellPages(message: unknown): Promise<TakeAnswer> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
  return { pagesTold: pages.length };
}

/** A staff page already open shows the request and comes forward; otherwise a new window opens on it. */
async function openInbox(url: string): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const inbox = pages.find((page) => fetchStrategy({ method: 'GET', mode: 'navigate', url: page.url }, self.location.origin) === 'page');
  // Only a page this worker controls can be navigated; one opened before it was may not.
  const navigated = inbox ? await inbox.navigate(url).catch(() => null) : null;
  if (navigated) {
    // A browser may refuse to bring a window forward; the page shows the request all the same.
    await navigated.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(url);
}
