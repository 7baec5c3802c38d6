import type { AlertSettings } from '../../../domain/ports/alert-settings';
import type { CustomerDataStore } from '../../../domain/ports/customer-data-store';
import { RestAlertSettings } from '../../../adapters/rest/rest-alert-settings';
import type { RestClientOptions } from '../../../adapters/rest/rest-client';
import { RestCustomerData } from '../../../adapters/rest/rest-customer-data';
import { RestCustomerLinks } from '../../../adapters/rest/rest-customer-links';
import { RestLeadReports } from '../../../adapters/rest/rest-lead-reports';
import type { LeadReports } from '../../../domain/ports/lead-reports';
import type { CustomerLinks } from './backend';
import type { ServiceDueList } from '../../../domain/ports/service-due-list';
import { RestServiceDueList } from '../../../adapters/rest/rest-service-due-list';

/**
 * The ports only one page uses, loaded when it first asks: the staff's settings page (alerts, a
 * customer's data), the owner's report and a customer's own link; never the inbox, the sign-in page
 * or the home page.
 */
export function onDemandPorts(client: RestClientOptions): {
  alerts: AlertSettings;
  customerData: CustomerDataStore;
  customerLinks: CustomerLinks;
  reports: LeadReports;
  serviceDue: ServiceDueList;
} {
  return {
    serviceDue: new RestServiceDueList(client),
    alerts: new RestAlertSettings(client),
    customerData: new RestCustomerData(client),
    customerLinks: new RestCustomerLinks(client),
    reports: new RestLeadReports(client),
  };
}
