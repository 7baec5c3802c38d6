import { apiPaths } from '../../../adapters/http-api/wire';
import type { BackendModule } from './backend';

/** Our own server: requests are stored through its REST API, and it tells the business. */
export const backend: BackendModule = {
  quoteFormAction: apiPaths.quoteRequests,
  postsCustomerForms: true,
  apiLinkBase: () => '',
  load: async () => (await import('./rest-ports')).createPorts(),
};
