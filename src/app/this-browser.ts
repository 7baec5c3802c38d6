import type { AlertsProblem, BrowserSubscription } from './browser-push';
import { deviceLabel } from './device-label';

export type { AlertsProblemKind } from './browser-push';

/**
 * This browser, as the alert settings meet it: notification permission, the inbox's service worker,
 * and its push subscription. The real one is below; tests give a fake.
 */
export interface ThisBrowser {
  /** What to call this device in the staff member's list: "Chrome on Android". */
  label(): string;
  /** Whether alerts can reach this browser now: permitted, and subscribed where there is a push key. */
  enabled(pushKey: string | null): Promise<boolean>;
  /** Asks for permission, starts the worker and, with a push key, subscribes. */
  enable(pushKey: string | null): Promise<{ ok: true; subscription: BrowserSubscription } | { ok: false; problem: AlertsProblem }>;
  /** Unsubscribes, if subscribed: alerts stop reaching this browser. */
  disable(): Promise<void>;
  /** The id this browser was kept under when alerts were last turned on here, if any. */
  rememberedDevice(): string | null;
  rememberDevice(id: string | null): void;
}

const deviceKey = 'quotes-alert-device';

/** The parts that touch the service worker and push, loaded when first used: the inbox's alerts, never the other pages. */
const push = () => import('./browser-push');

/** The browser the inbox runs in. */
export const realBrowser: ThisBrowser = {
  label: () => deviceLabel(navigator.userAgent),
  enabled: async (pushKey) => (await push()).enabled(pushKey),
  enable: async (pushKey) => (await push()).enable(pushKey),
  disable: async () => (await push()).disable(),
  rememberedDevice: () => {
    try {
      return localStorage.getItem(deviceKey);
    } catch {
      return null;
    }
  },
  rememberDevice: (id) => {
    try {
      if (id === null) localStorage.removeItem(deviceKey);
      else localStorage.setItem(deviceKey, id);
    } catch {
      // Private browsing may refuse storage: the switch then reads off after a reload, nothing worse.
    }
  },
};
