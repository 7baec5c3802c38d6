import { addAlertDevice } from '../../domain/alerts/alert-devices';
import { callAlertSettings, saveOnCallRota } from '../../domain/alerts/alert-settings';
import { eraseCustomerData, findCustomerData } from '../../domain/customer-data/customer-data-requests';
import type { AppContext } from './app-context';
import { useAppContext } from './app-context-provider';
import { withPorts } from './site-context';
import { realBrowser } from './this-browser';
import { type AlertSettingsStore, createAlertSettingsStore } from './stores/alert-settings-store';
import { createCustomerDataStore, type CustomerDataStore } from './stores/customer-data-store';

/**
 * The stores of the staff's settings page: the alert settings (this device, the staff member's
 * devices, the rota) and a customer's data. Made the first time the page is opened, with the code
 * they need, which the inbox and the sign-in page never load.
 */
export interface SettingsStores {
  alerts: AlertSettingsStore;
  customerData: CustomerDataStore;
}

const made = new WeakMap<AppContext, SettingsStores>();

/** The settings page's stores over the application's ports: one pair per application, kept while it runs. */
function settingsStoresOf(context: AppContext): SettingsStores {
  const known = made.get(context);
  if (known) return known;
  const { ports, toasts, onNotSignedIn, now, browser } = context.settingsDeps;
  const alerts = createAlertSettingsStore({
    call: (action, run) => withPorts(ports, (loaded) => callAlertSettings(loaded, action, run)),
    saveRota: (shifts) => withPorts(ports, (loaded) => saveOnCallRota(loaded, shifts)),
    addDevice: (device) => withPorts(ports, (loaded) => addAlertDevice(loaded, device)),
    // The browser the page runs in, unless a test gives another.
    browser: browser ?? realBrowser,
    toasts,
    onNotSignedIn,
  });
  const customerData = createCustomerDataStore({
    find: (input) => withPorts(ports, (loaded) => findCustomerData(loaded, input)),
    erase: (input) => withPorts(ports, (loaded) => eraseCustomerData(loaded, input)),
    now,
    afterErasure: () => void context.inbox.getState().reload(),
    onNotSignedIn,
  });
  // Signing out forgets them at once: the next person at this device must not see them.
  context.staff.subscribe((state, previous) => {
    if (previous.status === 'signed-in' && state.status !== 'signed-in') {
      alerts.getState().clear();
      customerData.getState().clear();
    }
  });
  const stores = { alerts, customerData };
  made.set(context, stores);
  return stores;
}

/** The settings page's stores, for its panels. */
export function useSettingsStores(): SettingsStores {
  return useAppContext(settingsStoresOf);
}
