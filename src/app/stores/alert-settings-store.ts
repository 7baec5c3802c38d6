import { createStore } from 'zustand/vanilla';
import { type AddAlertDeviceResult, localDeviceEndpoint } from '../../../domain/alerts/alert-devices';
import type { AlertSettingsResult, SaveRotaResult } from '../../../domain/alerts/alert-settings';
import { alertsCopy } from '../../../domain/alerts/alerts-copy';
import type { OnCallShift } from '../../../domain/alerts/on-call';
import type { AlertSettings } from '../../../domain/ports/alert-settings';
import type { NewPushDevice, PushDevice } from '../../../domain/ports/push-devices';
import type { AlertsProblemKind, ThisBrowser } from '../this-browser';
import { type ToastStore, toastSlot } from './toast-store';

const text = alertsCopy;

interface AlertSettingsState {
  /** 'idle' until the panel is first opened; 'failed' when the settings could not be read. */
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** The key browsers subscribe with; null where alerts are shown on this device alone (the demo). */
  pushKey: string | null;
  /** The signed-in staff member's devices, oldest first. */
  devices: readonly PushDevice[];
  /** Which of them is this browser, while it gets alerts; null while it does not. */
  thisDevice: string | null;
  /** Alerts on this device being turned on or off. */
  switching: 'on' | 'off' | null;
  /** Why the last attempt to turn alerts on or off here failed. */
  problem: AlertsProblemKind | null;
  removing: Readonly<Partial<Record<string, true>>>;
  testing: boolean;
  testResult: { text: string; failed: boolean } | null;
  /** The rota as saved. */
  shifts: readonly OnCallShift[];
  /** Every staff member who can be put on the rota. */
  staff: readonly string[];
  savingRota: boolean;
  /** What is wrong with the rota last saved, by field (`shifts.2.start`). */
  rotaIssues: Readonly<Partial<Record<string, string>>>;
  rotaMessage: { text: string; failed: boolean } | null;
  /** Reads the devices, the push key and the rota, and whether this browser gets alerts. */
  load: () => Promise<void>;
  turnOn: () => Promise<void>;
  turnOff: () => Promise<void>;
  removeDevice: (device: PushDevice) => Promise<void>;
  sendTestAlert: () => Promise<void>;
  /** Saves the whole rota; true when it was saved. */
  saveRota: (shifts: readonly OnCallShift[]) => Promise<boolean>;
  /** Forgets what was wrong with the rota last saved, once its shifts have been added or taken away. */
  clearRotaIssues: () => void;
  /** Forgets everything, as when the staff member signs out. */
  clear: () => void;
}

export interface AlertSettingsDeps {
  /** One call to the backend's AlertSettings, its failure as a value. */
  call: <T>(action: string, run: (alerts: AlertSettings) => Promise<T>) => Promise<AlertSettingsResult<T>>;
  saveRota: (shifts: readonly OnCallShift[]) => Promise<SaveRotaResult>;
  /** Turns alerts on for a device (addAlertDevice): a refusal says why. */
  addDevice: (device: NewPushDevice) => Promise<AddAlertDeviceResult>;
  browser: ThisBrowser;
  toasts: ToastStore;
  onNotSignedIn: () => void;
}

const empty = {
  status: 'idle',
  pushKey: null,
  devices: [],
  thisDevice: null,
  switching: null,
  problem: null,
  removing: {},
  testing: false,
  testResult: null,
  shifts: [],
  staff: [],
  savingRota: false,
  rotaIssues: {},
  rotaMessage: null,
} as const;

/**
 * Where a device without a push service is kept: the demo shows alerts on this browser through its
 * own service worker, so the device it lists has no subscription, only a name for this browser.
 */
const localDevice = (label: string) => ({ endpoint: localDeviceEndpoint(label), p256dh: '', auth: '' });

/** The signed-in staff member's alert settings: alerts on this device, their devices, the test alert, the rota. */
export function createAlertSettingsStore({ call, saveRota, addDevice, browser, toasts, onNotSignedIn }: AlertSettingsDeps) {
  const toast = toastSlot(toasts, 'alert-settings');
  // Each load (or sign-out) starts a new generation; answers to an older one are dropped.
  let generation = 0;
  return createStore<AlertSettingsState>()((set, get) => {
    /** A result's value, or undefined after saying why there is none (a lapsed session signs out). */
    const valueOf = <T>(result: AlertSettingsResult<T>): T | undefined => {
      if (result.ok) return result.value;
      if (result.error.kind === 'not-signed-in') onNotSignedIn();
      return undefined;
    };

    return {
      ...empty,
      load: async () => {
        const current = ++generation;
        set({ status: 'loading' });
        const [key, devices, rota] = await Promise.all([
          call('Reading the push key', (alerts) => alerts.pushKey()),
          call('Reading the alert devices', (alerts) => alerts.devices()),
          call('Reading the on-call rota', (alerts) => alerts.rota()),
        ]);
        if (current !== generation) return;
        const [pushKey, listed, read] = [valueOf(key), valueOf(devices), valueOf(rota)];
        if (pushKey === undefined || listed === undefined || read === undefined) {
          set({ status: 'failed' });
          return;
        }
        const remembered = browser.rememberedDevice();
        const here = remembered !== null && listed.some(({ id }) => id === remembered) && (await browser.enabled(pushKey).catch(() => false));
        if (current !== generation) return;
        set({ status: 'loaded', pushKey, devices: listed, thisDevice: here ? remembered : null, shifts: read.shifts, staff: read.staff });
      },
      turnOn: async () => {
        if (get().switching !== null) return;
        set({ switching: 'on', problem: null, testResult: null });
        try {
          const { pushKey } = get();
          const enabled = await browser.enable(pushKey);
          if (!enabled.ok) {
            set({ problem: enabled.problem });
            return;
          }
          const label = browser.label();
          const added = await addDevice({ ...(enabled.subscription ?? localDevice(label)), label });
          if (!added.ok) {
            // Ten devices already, or a push service alerts cannot go through: said beside the switch.
            if (added.error.kind === 'not-signed-in') onNotSignedIn();
            else set({ problem: added.error.kind === 'storage-failure' ? 'save-failed' : added.error.kind });
            return;
          }
          const { device } = added;
          browser.rememberDevice(device.id);
          set(({ devices }) => ({ thisDevice: device.id, devices: [...devices.filter(({ id }) => id !== device.id), device] }));
        } finally {
          set({ switching: null });
        }
      },
      turnOff: async () => {
        const { thisDevice, switching } = get();
        if (switching !== null) return;
        set({ switching: 'off', problem: null, testResult: null });
        try {
          if (thisDevice !== null) {
            const removed = await call('Removing the alert device', (alerts) => alerts.removeDevice(thisDevice));
            // Kept where it was when the backend could not be told, so the switch says what is true.
            if (valueOf(removed) === undefined) {
              if (!removed.ok && removed.error.kind === 'storage-failure') set({ problem: 'remove-failed' });
              return;
            }
          }
          await browser.disable().catch(() => undefined);
          browser.rememberDevice(null);
          set(({ devices }) => ({ thisDevice: null, devices: devices.filter(({ id }) => id !== thisDevice) }));
        } finally {
          set({ switching: null });
        }
      },
      removeDevice: async (device) => {
        if (device.id === get().thisDevice) return get().turnOff();
        if (get().removing[device.id]) return;
        set(({ removing }) => ({ removing: { ...removing, [device.id]: true } }));
        const result = await call('Removing the alert device', (alerts) => alerts.removeDevice(device.id));
        set(({ removing }) => ({ removing: { ...removing, [device.id]: undefined } }));
        if (valueOf(result) === undefined) {
          if (!result.ok && result.error.kind === 'storage-failure') toast.show({ ...text.devices.removeFailed, variant: 'destructive' });
          return;
        }
        // Gone either way: when it was already removed elsewhere, the list catches up.
        set(({ devices }) => ({ devices: devices.filter(({ id }) => id !== device.id) }));
        toast.show(text.devices.removed(device.label));
      },
      sendTestAlert: async () => {
        if (get().testing) return;
        if (get().devices.length === 0) {
          set({ testResult: { text: text.test.noDevices, failed: true } });
          return;
        }
        set({ testing: true, testResult: null });
        const result = await call('Sending a test alert', (alerts) => alerts.sendTestAlert());
        const sent = valueOf(result);
        set({
          testing: false,
          testResult: sent
            ? { text: text.test.result(sent.delivered, sent.failed), failed: sent.failed > 0 || sent.delivered === 0 }
            : result.ok || result.error.kind !== 'storage-failure'
              ? null
              : { text: text.test.failed, failed: true },
        });
        // The list shows when each device last had an alert.
        if (sent && sent.delivered > 0) {
          const devices = valueOf(await call('Reading the alert devices', (alerts) => alerts.devices()));
          if (devices) set({ devices });
        }
      },
      saveRota: async (shifts) => {
        if (get().savingRota) return false;
        set({ savingRota: true, rotaMessage: null });
        const result = await saveRota(shifts);
        set({ savingRota: false });
        if (result.ok) {
          set({ shifts: result.shifts, rotaIssues: {}, rotaMessage: { text: text.rota.saved, failed: false } });
          return true;
        }
        switch (result.error.kind) {
          case 'invalid-rota':
            set({
              rotaIssues: Object.fromEntries(result.error.issues.map(({ field, message }) => [field, message])),
              rotaMessage: { text: text.rota.invalid(result.error.issues.length), failed: true },
            });
            return false;
          case 'not-signed-in':
            onNotSignedIn();
            return false;
          case 'storage-failure':
            set({ rotaIssues: {}, rotaMessage: { text: text.rota.failed, failed: true } });
            return false;
        }
      },
      clearRotaIssues: () => set({ rotaIssues: {}, rotaMessage: null }),
      clear: () => {
        generation += 1;
        set({ ...empty });
      },
    };
  });
}

export type AlertSettingsStore = ReturnType<typeof createAlertSettingsStore>;
