import { type AlertMessage, alertBody, alertTag, alertTarget, alertTitle, takeActionTitle } from '../../domain/alert-message';

/** The inbox's service worker: alerts and the offline page for /quotes, and nothing for the public pages. */
export const quotesWorker = { url: '/quotes-sw.js', scope: '/quotes' } as const;

/** How long to wait for the worker to start before saying it did not. */
const startTimeoutMs = 15_000;

/**
 * The inbox's service worker registration, registering it first if it is not yet (registering the
 * same script for the same scope again is harmless and answers the one registration), once it is
 * active. Rejects where there are no service workers, or when it cannot be fetched or started.
 */
export async function quotesWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) throw new Error('This browser has no service workers');
  const registration = await navigator.serviceWorker.register(quotesWorker.url, { scope: quotesWorker.scope });
  if (registration.active) return registration;
  const worker = registration.installing ?? registration.waiting;
  if (!worker) throw new Error('The service worker did not install');
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The service worker did not start in time')), startTimeoutMs);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') {
        clearTimeout(timer);
        resolve();
      } else if (worker.state === 'redundant') {
        clearTimeout(timer);
        reject(new Error('The service worker failed to install'));
      }
    });
  });
  return registration;
}

/** What a notification about an alert shows, and where tapping it goes: the same for a push and a local one. */
export function alertNotification(alert: AlertMessage, now: Date): { title: string; options: NotificationOptions & { actions?: { action: string; title: string }[] } } {
  return {
    title: alertTitle(alert),
    options: {
      body: alertBody(alert, now),
      tag: alertTag(alert),
      icon: '/icon-192.png',
      data: { url: alertTarget(alert), alert },
      ...(alert.kind === 'request' ? { actions: [{ action: 'take', title: takeActionTitle }], requireInteraction: alert.urgent } : {}),
    },
  };
}

/** Shows an alert on this device through the inbox's service worker, with no push service: the demo's alerts. */
export async function showLocalAlert(alert: AlertMessage, now: Date = new Date()): Promise<void> {
  const registration = await quotesWorkerRegistration();
  const { title, options } = alertNotification(alert, now);
  await registration.showNotification(title, options);
}
