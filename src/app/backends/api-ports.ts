import type { RestClientOptions } from '../../../adapters/rest/rest-client';
import { RestCustomerLinks } from '../../../adapters/rest/rest-customer-links';
import { RestQuoteInbox } from '../../../adapters/rest/rest-quote-inbox';
import { RestQuoteRepository } from '../../../adapters/rest/rest-quote-repository';
import { ServerNotifier } from '../../../adapters/rest/server-notifier';
import type { AlertSettings } from '../../../domain/ports/alert-settings';
import type { CustomerDataStore } from '../../../domain/ports/customer-data-store';
import type { Backend } from './backend';
import type { settingsPorts } from './settings-ports';

type SettingsPorts = ReturnType<typeof settingsPorts>;

/** The alert settings, their code loaded on the first call. */
const alertsOnFirstUse = (ports: () => Promise<SettingsPorts>): AlertSettings => ({
  pushKey: async () => (await ports()).alerts.pushKey(),
  devices: async () => (await ports()).alerts.devices(),
  addDevice: async (device) => (await ports()).alerts.addDevice(device),
  removeDevice: async (id) => (await ports()).alerts.removeDevice(id),
  sendTestAlert: async () => (await ports()).alerts.sendTestAlert(),
  rota: async () => (await ports()).alerts.rota(),
  saveRota: async (shifts) => (await ports()).alerts.saveRota(shifts),
});

/** A customer's data, its code loaded on the first call. */
const customerDataOnFirstUse = (ports: () => Promise<SettingsPorts>): CustomerDataStore => ({
  findCustomerData: async (subject) => (await ports()).customerData.findCustomerData(subject),
  eraseCustomerData: async (subject) => (await ports()).customerData.eraseCustomerData(subject),
});

/**
 * Every mode's ports: the REST client of the one API, wherever the API runs (`client` says where and
 * how); only how staff sign in, and how photos are sent and shown, differ by mode.
 */
export function apiPorts(client: RestClientOptions, { staffAuth, photos }: Pick<Backend, 'staffAuth' | 'photos'>): Backend {
  // The settings page's ports come with their own code, the first time they are used.
  let settings: Promise<SettingsPorts> | undefined;
  const settingsOnFirstUse = () =>
    (settings ??= import('./settings-ports').then((module) => module.settingsPorts(client)).catch((error: unknown) => {
      settings = undefined;
      throw error;
    }));
  return {
    quotes: new RestQuoteRepository(client),
    inbox: new RestQuoteInbox(client),
    customerData: customerDataOnFirstUse(settingsOnFirstUse),
    // The API tells the business of each request and plans its alerts: the page has nothing to add.
    notifier: new ServerNotifier(),
    logger: console,
    staffAuth,
    alerts: alertsOnFirstUse(settingsOnFirstUse),
    photos,
    customerLinkActions: new RestCustomerLinks(client),
  };
}
