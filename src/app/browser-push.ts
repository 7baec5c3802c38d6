import type { alertsCopy } from '../../domain/alerts/alerts-copy';
import { inboxWorkerRegistration } from './inbox-worker';

// How this browser turns alerts on and off: notification permission, the inbox's service worker and
// its push subscription. Loaded by this-browser.ts only when the inbox's alerts are used.

/** Why alerts could not be turned on or off here, each with its own advice (alertsCopy.problems). */
export type AlertsProblemKind = keyof typeof alertsCopy.problems;
/** Why this browser could not turn alerts on. */
export type AlertsProblem = Exclude<AlertsProblemKind, 'save-failed' | 'remove-failed' | 'too-many-devices' | 'endpoint-not-allowed'>;

/** A push subscription as the backend keeps it; null where alerts are shown on this device alone. */
export type BrowserSubscription = { endpoint: string; p256dh: string; auth: string } | null;

/** An iPhone or iPad gets web push only in the app added to its home screen, never in a Safari tab. */
function isAppleMobile(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}
const isStandalone = () => window.matchMedia('(display-mode: standalone)').matches || ('standalone' in navigator && navigator.standalone === true);

/** base64url without padding, as push subscriptions' keys travel. */
function base64Url(buffer: ArrayBuffer | null): string {
  if (buffer === null) return '';
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The VAPID key, as pushManager.subscribe wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/quotes');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

interface BrowserPush {
  enabled: (pushKey: string | null) => Promise<boolean>;
  enable: (pushKey: string | null) => Promise<{ ok: true; subscription: BrowserSubscription } | { ok: false; problem: AlertsProblem }>;
  disable: () => Promise<void>;
}

export const { enabled, enable, disable }: BrowserPush = {
  enabled: async (pushKey) => {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || !('serviceWorker' in navigator)) return false;
    if (pushKey === null) return (await navigator.serviceWorker.getRegistration('/quotes')) !== undefined;
    return (await currentSubscription().catch(() => null)) !== null;
  },
  enable: async (pushKey) => {
    const canPush = 'serviceWorker' in navigator && 'PushManager' in window;
    if (typeof Notification === 'undefined' || !('serviceWorker' in navigator) || (pushKey !== null && !canPush)) {
      return { ok: false, problem: isAppleMobile() && !isStandalone() ? 'home-screen-first' : 'unsupported' };
    }
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission === 'denied') return { ok: false, problem: 'permission-denied' };
    if (permission !== 'granted') return { ok: false, problem: 'permission-dismissed' };
    const registration = await inboxWorkerRegistration().catch(() => undefined);
    if (!registration) return { ok: false, problem: 'worker-failed' };
    if (pushKey === null) return { ok: true, subscription: null };
    try {
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(pushKey) }));
      return { ok: true, subscription: { endpoint: subscription.endpoint, p256dh: base64Url(subscription.getKey('p256dh')), auth: base64Url(subscription.getKey('auth')) } };
    } catch {
      return { ok: false, problem: 'push-refused' };
    }
  },
  disable: async () => {
    if (!('serviceWorker' in navigator)) return;
    await (await currentSubscription())?.unsubscribe();
  },
};
