import { closeCustomerRequest, type CustomerRequestDeps, sendCustomerMessage, viewCustomerRequest } from '../../../domain/customer-request';
import type { CustomerMessageAlert } from '../../../domain/ports/customer-link-store';
import type { CustomerRequests } from './backend';

/** A customer's page over a store in the page itself (the demo): the use cases, run here. */
export function customerRequestsOver(deps: CustomerRequestDeps & { alert: CustomerMessageAlert }): CustomerRequests {
  return {
    view: (token, now) => viewCustomerRequest(deps, token, now),
    sendMessage: (token, text, now) => sendCustomerMessage(deps, token, text, now),
    close: (token, now) => closeCustomerRequest(deps, token, now),
  };
}
