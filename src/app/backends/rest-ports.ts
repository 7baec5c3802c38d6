import { RestAlertSettings } from '../../../adapters/rest/rest-alert-settings';
import { RestCustomerLinks } from '../../../adapters/rest/rest-customer-links';
import { RestCustomerData } from '../../../adapters/rest/rest-customer-data';
import { RestQuoteInbox } from '../../../adapters/rest/rest-quote-inbox';
import { RestQuoteRepository } from '../../../adapters/rest/rest-quote-repository';
import { RestStaffAuth } from '../../../adapters/rest/rest-staff-auth';
import { ServerNotifier } from '../../../adapters/rest/server-notifier';
import type { Backend } from './backend';
import { photosOnFirstUse } from './photos-on-first-use';

export function createPorts(): Backend {
  return {
    quotes: new RestQuoteRepository(),
    inbox: new RestQuoteInbox(),
    customerData: new RestCustomerData(),
    notifier: new ServerNotifier(),
    logger: console,
    staffAuth: new RestStaffAuth(),
    alerts: new RestAlertSettings(),
    photos: photosOnFirstUse(async () => (await import('./rest-photos')).createPhotoPorts()),
    customerLinkActions: new RestCustomerLinks(),
  };
}
