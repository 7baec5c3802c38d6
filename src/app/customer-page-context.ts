import { fromWireCustomerView } from '../../adapters/http-api/customer-link-wire';
import type { CustomerPageState } from '../../adapters/http-api/page-state';
import type { CustomerView } from '../../domain/customer-link';
import type { CustomerMessageResult, CustomerViewResult } from '../../domain/customer-request';
import type { Backend, BackendModule } from './backends/backend';
import { withPorts } from './site-context';

/** What the customer's page (/r/<token>) reaches through the application's context. */
export interface CustomerPageContext {
  /** What the server that rendered this page found for its link; given once, to the page's first load. */
  takeInitial: () => { view: CustomerView; message?: { draft: string; error: string } } | undefined;
  /** Whether the page's forms post to our server when scripts are off. */
  postsForms: boolean;
  view: (token: string) => Promise<CustomerViewResult>;
  sendMessage: (token: string, text: string) => Promise<CustomerMessageResult>;
  close: (token: string) => Promise<CustomerViewResult>;
}

/** A backend without customer links finds none. */
const notFound = { ok: false, error: { kind: 'not-found' } } as const;

export function createCustomerPageContext(
  backend: BackendModule,
  ports: () => Promise<Backend>,
  initial: CustomerPageState | undefined,
  now: () => Date,
): CustomerPageContext {
  let first = initial;
  return {
    takeInitial: () => {
      const taken = first;
      first = undefined;
      return taken && { view: fromWireCustomerView(taken.view), ...(taken.message && { message: taken.message }) };
    },
    postsForms: backend.postsCustomerForms ?? false,
    view: (token) => withPorts(ports, (loaded) => loaded.customerRequests?.view(token, now()) ?? Promise.resolve(notFound)),
    sendMessage: (token, text) => withPorts(ports, (loaded) => loaded.customerRequests?.sendMessage(token, text, now()) ?? Promise.resolve(notFound)),
    close: (token) => withPorts(ports, (loaded) => loaded.customerRequests?.close(token, now()) ?? Promise.resolve(notFound)),
  };
}
