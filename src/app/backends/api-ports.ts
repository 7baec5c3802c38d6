import type { RestClientOptions } from '../../../adapters/rest/rest-client';
import { RestQuoteInbox } from '../../../adapters/rest/rest-quote-inbox';
import { RestQuoteRepository } from '../../../adapters/rest/rest-quote-repository';
import { ServerNotifier } from '../../../adapters/rest/server-notifier';
import type { AlertSettings } from '../../../domain/ports/alert-settings';
import type { CustomerDataStore } from '../../../domain/ports/customer-data-store';
import type { LeadReports } from '../../../domain/ports/lead-reports';
import type { Backend, CustomerLinks } from './backend';
import type { onDemandPorts } from './on-demand-ports';

type OnDemandPorts = ReturnType<typeof onDemandPorts>;

/** The alert settings, their code loaded on the first call. */
const alertsOnFirstUse = (ports: () => Promise<OnDemandPorts>): AlertSettings => ({
  pushKey: async () => (await ports()).alerts.pushKey(),
  devices: async () => (await ports()).alerts.devices(),
  addDevice: async (device) => (await ports()).alerts.addDevice(device),
  removeDevice: async (id) => (await ports()).alerts.removeDevice(id),
  sendTestAlert: async () => (await ports()).alerts.sendTestAlert(),
  rota: async () => (await ports()).alerts.rota(),
  saveRota: async (shifts) => (await ports()).alerts.saveRota(shifts),
});

/** What a customer does through their link, its code loaded on the first call. */
const customerLinksOnFirstUse = (ports: () => Promise<OnDemandPorts>): CustomerLinks => ({
  view: async (token, now) => (await ports()).customerLinks.view(token, now),
  sendMessage: async (token, text, now) => (await ports()).customerLinks.sendMessage(token, text, now),
  close: async (token, now) => (await ports()).customerLinks.close(token, now),
  openReview: async (token, now) => (await ports()).customerLinks.openReview(token, now),
  stopReviews: async (token, now) => (await ports()).customerLinks.stopReviews(token, now),
  remind: async (token, service, now) => (await ports()).customerLinks.remind(token, service, now),
  stopReminders: async (token, now) => (await ports()).customerLinks.stopReminders(token, now),
  booking: async (token) => (await ports()).customerLinks.booking(token),
  answerQuote: async (token, answer, input, now) => (await ports()).customerLinks.answerQuote(token, answer, input, now),
});

/** A customer's data, its code loaded on the first call. */
const customerDataOnFirstUse = (ports: () => Promise<OnDemandPorts>): CustomerDataStore => ({
  findCustomerData: async (subject) => (await ports()).customerData.findCustomerData(subject),
  eraseCustomerData: async (subject) => (await ports()).customerData.eraseCustomerData(subject),
});

/** The owner's report, its code loaded on the first call. */
const reportsOnFirstUse = (ports: () => Promise<OnDemandPorts>): LeadReports => ({
  read: async (period) => (await ports()).reports.read(period),
  csv: async (period) => (await ports()).reports.csv(period),
});

/**
 * Every mode's ports: the REST client of the one API, wherever the API runs (`client` says where and
 * how); only how staff sign in, and how photos are sent and shown, differ by mode.
 */
export function apiPorts(client: RestClientOptions, { staffAuth, photos }: Pick<Backend, 'staffAuth' | 'photos'>): Backend {
  // The ports of the settings page, the report and a customer's link come with their own code, the first time they are used.
  let settings: Promise<OnDemandPorts> | undefined;
  const onDemandOnFirstUse = () =>
    (settings ??= import('./on-demand-ports').then((module) => module.onDemandPorts(client)).catch((error: unknown) => {
      settings = undefined;
      throw error;
    }));
  return {
    quotes: new RestQuoteRepository(client),
    inbox: new RestQuoteInbox(client),
    customerData: customerDataOnFirstUse(onDemandOnFirstUse),
    // The API tells the business of each request and plans its alerts: the page has nothing to add.
    notifier: new ServerNotifier(),
    logger: console,
    staffAuth,
    alerts: alertsOnFirstUse(onDemandOnFirstUse),
    photos,
    customerLinkActions: customerLinksOnFirstUse(onDemandOnFirstUse),
    reports: reportsOnFirstUse(onDemandOnFirstUse),
    serviceDue: { findDueForService: async (until, limit) => (await onDemandOnFirstUse()).serviceDue.findDueForService(until, limit) },
  };
}
