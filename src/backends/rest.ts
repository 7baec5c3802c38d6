import { RestQuoteRepository } from '../../adapters/rest/rest-quote-repository';
import { apiPaths } from '../../adapters/http-api/wire';
import { RestStaffAuth } from '../../adapters/rest/rest-staff-auth';
import { ServerNotifier } from '../../adapters/rest/server-notifier';
import type { Backend } from './backend';

/** Our own server: requests are stored through its REST API, and it tells the business. */
export function createBackend(): Backend {
  return {
    quotes: new RestQuoteRepository(),
    notifier: new ServerNotifier(),
    logger: console,
    staffAuth: new RestStaffAuth(),
    quoteFormAction: apiPaths.quoteRequests,
  };
}
