import { RestAlertSettings } from '../../../adapters/rest/rest-alert-settings';
import type { RestClientOptions } from '../../../adapters/rest/rest-client';
import { RestCustomerData } from '../../../adapters/rest/rest-customer-data';
import { RestCustomerLinks } from '../../../adapters/rest/rest-customer-links';
import { RestQuoteInbox } from '../../../adapters/rest/rest-quote-inbox';
import { RestQuoteRepository } from '../../../adapters/rest/rest-quote-repository';
import { ServerNotifier } from '../../../adapters/rest/server-notifier';
import type { Backend } from './backend';

/**
 * Every mode's ports: the REST client of the one API, wherever the API runs (`client` says where and
 * how); only how staff sign in, and how photos are sent and shown, differ by mode.
 */
export function apiPorts(client: RestClientOptions, { staffAuth, photos }: Pick<Backend, 'staffAuth' | 'photos'>): Backend {
  return {
    quotes: new RestQuoteRepository(client),
    inbox: new RestQuoteInbox(client),
    customerData: new RestCustomerData(client),
    // The API tells the business of each request and plans its alerts: the page has nothing to add.
    notifier: new ServerNotifier(),
    logger: console,
    staffAuth,
    alerts: new RestAlertSettings(client),
    photos,
    customerLinkActions: new RestCustomerLinks(client),
  };
}
