import { expect, test } from 'vitest';
import { InMemoryAlertSettings } from '../../../adapters/memory/in-memory-alert-settings.test-support';
import { addAlertDevice } from '../../../domain/alerts/alert-devices';
import { callAlertSettings, saveOnCallRota } from '../../../domain/alerts/alert-settings';
import type { AlertSettings } from '../../../domain/ports/alert-settings';
import { NotSignedIn } from '../../../domain/staff/staff';
import { fakeBrowser } from '../../test-app.test-support';
import { createAlertSettingsStore } from './alert-settings-store';
import { createToastStore } from './toast-store';

const you = 'demo@se1plumbing.example';

function storeOver(alerts: AlertSettings, browser = fakeBrowser()) {
  const deps = { alerts, logger: { error: () => undefined } };
  let signedOut = 0;
  const toasts = createToastStore();
  const store = createAlertSettingsStore({
    call: (action, run) => callAlertSettings(deps, action, run),
    saveRota: (shifts) => saveOnCallRota(deps, shifts),
    addDevice: (device) => addAlertDevice(deps, device),
    browser,
    toasts,
    onNotSignedIn: () => signedOut++,
  });
  return { store, browser, toasts, signedOut: () => signedOut };
}

test('a device this browser was kept under reads as on only while the browser still gets alerts', async () => {
  const alerts = new InMemoryAlertSettings({ staff: [you] });
  const { store, browser } = storeOver(alerts);
  await store.getState().load();
  await store.getState().turnOn();
  const id = store.getState().thisDevice;
  expect(id).not.toBeNull();

  // The permission withdrawn in the browser's settings since: the device is listed, but not as this one.
  browser.subscribed = false;
  await store.getState().load();

  expect(store.getState().thisDevice).toBeNull();
  expect(store.getState().devices.map((device) => device.id)).toEqual([id]);
});

test('a device that could not be removed leaves alerts on, and says so', async () => {
  class NoRemoving extends InMemoryAlertSettings {
    override removeDevice(): Promise<boolean> {
      return Promise.reject(new Error('down'));
    }
  }
  const { store, browser } = storeOver(new NoRemoving({ staff: [you] }));
  await store.getState().load();
  await store.getState().turnOn();

  await store.getState().turnOff();

  expect(store.getState().problem).toBe('remove-failed');
  expect(store.getState().thisDevice).not.toBeNull();
  expect(browser.subscribed).toBe(true);
});

test('a device the backend could not keep leaves alerts off, and says so', async () => {
  class NoAdding extends InMemoryAlertSettings {
    override addDevice(): never {
      throw new Error('down');
    }
  }
  const { store } = storeOver(new NoAdding({ staff: [you] }));
  await store.getState().load();

  await store.getState().turnOn();

  expect(store.getState().problem).toBe('save-failed');
  expect(store.getState().thisDevice).toBeNull();
  expect(store.getState().switching).toBeNull();
});

test('a session that has lapsed signs the staff member out, whatever they were doing', async () => {
  class SignedOut extends InMemoryAlertSettings {
    override sendTestAlert(): Promise<{ delivered: number; failed: number }> {
      return Promise.reject(new NotSignedIn());
    }
    override saveRota(): Promise<void> {
      return Promise.reject(new NotSignedIn());
    }
  }
  const alerts = new SignedOut({ staff: [you] });
  await alerts.addDevice({ endpoint: 'local:x', p256dh: '', auth: '', label: 'Chrome on Android' });
  const { store, signedOut } = storeOver(alerts);
  await store.getState().load();

  await store.getState().sendTestAlert();
  expect(await store.getState().saveRota([])).toBe(false);

  expect(signedOut()).toBe(2);
  expect(store.getState().testResult).toBeNull();
  expect(store.getState().rotaMessage).toBeNull();
});

test('a test alert no device answered is reported as a failure', async () => {
  const alerts = new InMemoryAlertSettings({ staff: [you], showAlert: () => Promise.reject(new Error('no worker')) });
  await alerts.addDevice({ endpoint: 'local:x', p256dh: '', auth: '', label: 'Chrome on Android' });
  const { store } = storeOver(alerts);
  await store.getState().load();

  await store.getState().sendTestAlert();

  expect(store.getState().testResult).toEqual({ text: '1 device did not answer', failed: true });
});

test('signing out forgets the settings, and an answer to a load from before is dropped', async () => {
  const { store } = storeOver(new InMemoryAlertSettings({ staff: [you] }));
  const loading = store.getState().load();
  store.getState().clear();
  await loading;

  expect(store.getState().status).toBe('idle');
  expect(store.getState().staff).toEqual([]);
});
