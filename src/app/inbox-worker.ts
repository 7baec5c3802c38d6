import * as v from 'valibot';
import type { AlertMessage } from '../../domain/alerts/alert-message';
import { inboxApp } from '../seo/site-assets';
import { type ShowAlertMessage, TakeMessageSchema } from '../sw/worker-messages';

// The staff inbox's service worker, as the pages meet it. Only the inbox registers it; the public
// pages never load this module (the demo's backend does, to show its alerts through it).

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/**
 * Registers the inbox's worker, scoped to /quotes (which holds /quotes?… too), for its alerts and
 * to open offline. A browser without service workers, or a build without one (the dev server),
 * keeps the inbox as it is.
 */
export function registerInboxWorker(): void {
  if (!supported()) return;
  navigator.serviceWorker.register(inboxApp.worker, { scope: inboxApp.path }).catch((error: unknown) => {
    console.warn('The inbox could not install its service worker; alerts and offline opening are off.', error);
  });
}

/** How long to wait for the worker to start before saying it did not. */
const startTimeoutMs = 15_000;

/**
 * The inbox's worker registration once its worker is active, registering it first if need be
 * (registering the same script for the same scope again answers the one registration). Rejects where
 * there are no service workers, or when it cannot be fetched or started: turning alerts on needs it.
 */
export async function inboxWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  if (!supported()) throw new Error('This browser has no service workers');
  const registration = await navigator.serviceWorker.register(inboxApp.worker, { scope: inboxApp.path });
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

/**
 * Shows an alert on this device through the inbox's worker, as a push message would: the demo's way
 * of showing one, with no push service. A new request's alert does nothing unless the inbox has been
 * opened here (its worker registered) and notifications are allowed; a test alert (`register`)
 * starts the worker if it must.
 */
export async function showAlertOnThisDevice(alert: AlertMessage, { register = false }: { register?: boolean } = {}): Promise<void> {
  if (!supported() || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const registration = register ? await inboxWorkerRegistration() : await navigator.serviceWorker.getRegistration(inboxApp.path);
  const message: ShowAlertMessage = { type: 'show-alert', alert };
  registration?.active?.postMessage(message);
}

/**
 * Calls `take` with each request the worker asks this page to take on ("I'm on it" on an alert this
 * page showed). Returns the function that stops listening.
 */
export function onTakeFromAlert(take: (quoteId: string) => void): () => void {
  if (!supported()) return () => undefined;
  const listener = (event: MessageEvent) => {
    const parsed = v.safeParse(TakeMessageSchema, event.data);
    if (parsed.success) take(parsed.output.quoteId);
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
