import { demoStaffAccount } from '../../../adapters/memory/demo-staff-account';
import { InMemoryAlertStores, testAlertOnThisDevice } from '../../../adapters/memory/in-memory-alert-stores';
import { InMemoryNotifier } from '../../../adapters/memory/in-memory-notifier';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { InMemoryStaffAuth } from '../../../adapters/memory/in-memory-staff-auth';
import { PageFormTokens } from '../../../adapters/memory/page-form-tokens';
import { RestPhotoLinks } from '../../../adapters/rest/rest-photo-links';
import { RestPhotoSender } from '../../../adapters/rest/rest-photo-sender';
import type { RestClientOptions } from '../../../adapters/rest/rest-client';
import { createApi } from '../../../adapters/server/api';
import { noRateLimit } from '../../../adapters/server/http/rate-limit';
import { readFormDataBody } from '../../../adapters/server/photos/form-data-body';
import { bearerStaffGate } from '../../../adapters/server/staff/bearer-staff-gate';
import { messageAlertOf, quoteAcceptedAlertOf } from '../../../domain/alerts/alert-message';
import { takeQuote } from '../../../domain/inbox/take-quote';
import type { PhotoProcessor } from '../../../domain/ports/photos';
import { demoCustomerToken, demoStaff } from '../../../fixtures/demo-fixture';
import { demoSpamRequests } from '../../../fixtures/demo-spam';
import { demoQuoteRequests } from '../../../fixtures/quote-requests';
import { onTakeFromAlert, showAlertOnThisDevice } from '../inbox-worker';
import { apiPorts } from './api-ports';
import type { Backend } from './backend';


/** The browser's own image processing, fetched the first time a photo is sent: most visitors send none. */
const canvasProcessor: PhotoProcessor = {
  process: async (photo) => new (await import('../photos/canvas-photo-processor')).CanvasPhotoProcessor().process(photo),
};

/**
 * Demo mode: the product's own API runs in the page, over stores in memory seeded with sample
 * requests, and the page reaches it through the same REST client as on our server, with the app's
 * fetch handler as its fetch. Nothing leaves the browser.
 */
export function createPorts(): Backend {
  const now = new Date();
  const notifier = new InMemoryNotifier({ alert: showAlertOnThisDevice });
  const [first, ...rest] = demoQuoteRequests(now);
  const seed = [...(first ? [{ ...first, customerToken: demoCustomerToken }] : []), ...rest, ...demoSpamRequests(now)];
  // One store behind every port: a request submitted in the demo shows up in its inbox (or its Spam
  // folder), and one moved out of the folder alerts this device as a new one does.
  const store = new InMemoryQuoteRepository({ seed, formTokens: new PageFormTokens(), onClearedSpam: (quote) => notifier.quoteSubmitted(quote) });
  // The demo's phone buzzes for real: a new request's alert is shown by the inbox's worker, if this
  // browser has opened the inbox (and allowed notifications), and its "I'm on it" comes back here,
  // where the request lives, to be taken by the demo's staff account.
  onTakeFromAlert((id) => void takeQuote({ inbox: store, logger: console }, { id, by: demoStaffAccount.email, at: new Date() }));
  const staffAuth = new InMemoryStaffAuth();
  const alertStores = new InMemoryAlertStores();
  const api = createApi({
    quotes: store,
    inbox: store,
    customerData: store,
    notifier,
    logger: console,
    staff: bearerStaffGate((token) => staffAuth.staffFor(token)),
    clientKey: () => 'this page',
    limits: { submissions: noRateLimit, refusedSubmissions: noRateLimit },
    photos: { store, processorFor: () => canvasProcessor, readMultipart: readFormDataBody },
    // No push service in the demo: a device is this browser's inbox worker, and a test alert is shown by it.
    alerts: {
      devices: alertStores,
      rota: alertStores,
      staffEmails: () => Promise.resolve([demoStaff.you, demoStaff.colleague]),
      publicKey: null,
      sendTestAlert: testAlertOnThisDevice(alertStores, (alert) => showAlertOnThisDevice(alert, { register: true }), () => new Date()),
      onRotaSaved: () => undefined,
      allowLoopbackPush: false,
      // An alert's "I'm on it" is handed to this page by its worker (above), not through a token.
      redeemTakeToken: () => Promise.resolve(undefined),
    },
    // A customer's message about an urgent request, or their yes to a quote, buzzes this device, as a new request does.
    customerLinks: {
      store,
      reminderOptOuts: store.reminderOptOuts,
      alert: { customerWrote: (quote) => showAlertOnThisDevice(messageAlertOf(quote)) },
      quoteAccepted: { quoteAccepted: (quote, totalPence) => showAlertOnThisDevice(quoteAcceptedAlertOf(quote, totalPence)) },
      limits: { views: noRateLimit, changes: noRateLimit },
    },
  });
  const inPage = (input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(api.fetch(new Request(input, init)));
  const client: RestClientOptions = { fetch: inPage, accessToken: () => staffAuth.accessToken() };
  return apiPorts(client, { staffAuth, photos: { sender: new RestPhotoSender({ fetch: inPage }), links: new RestPhotoLinks(client) } });
}
