import type { AlertSettings } from '../../../domain/ports/alert-settings';
import type { CustomerDataStore } from '../../../domain/ports/customer-data-store';
import { RestAlertSettings } from '../../../adapters/rest/rest-alert-settings';
import type { RestClientOptions } from '../../../adapters/rest/rest-client';
import { RestCustomerData } from '../../../adapters/rest/rest-customer-data';

/** The ports only the staff's settings page uses: loaded when it first asks, never by the inbox or the sign-in page. */
export function settingsPorts(client: RestClientOptions): { alerts: AlertSettings; customerData: CustomerDataStore } {
  return { alerts: new RestAlertSettings(client), customerData: new RestCustomerData(client) };
}
