import { demoStaffAccount } from '../../../adapters/memory/demo-staff-account';
import { InMemoryAlertSettings } from '../../../adapters/memory/in-memory-alert-settings';
import { InMemoryNotifier } from '../../../adapters/memory/in-memory-notifier';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { PageFormTokens } from '../../../adapters/memory/page-form-tokens';
import { InMemoryStaffAuth } from '../../../adapters/memory/in-memory-staff-auth';
import { messageAlertOf } from '../../../domain/alerts/alert-message';
import { takeQuote } from '../../../domain/inbox/take-quote';
import { demoCustomerToken, demoStaff } from '../../../fixtures/demo-fixture';
import { demoSpamRequests } from '../../../fixtures/demo-spam';
import { sampleQuoteRequests } from '../../../fixtures/quote-requests';
import { onTakeFromAlert, showAlertOnThisDevice } from '../inbox-worker';
import type { Backend } from './backend';
import { customerLinksOver } from './customer-links';
import { photosOnFirstUse } from './photos-on-first-use';

export function createPorts(): Backend {
  const now = new Date();
  const notifier = new InMemoryNotifier({ alert: showAlertOnThisDevice });
  const [first, ...rest] = sampleQuoteRequests(now);
  const seed = [...(first ? [{ ...first, customerToken: demoCustomerToken }] : []), ...rest, ...demoSpamRequests(now)];
  // One store behind every port: a request submitted in the demo shows up in its inbox (or its Spam
  // folder), and one moved out of the folder alerts this device as a new one does.
  const store = new InMemoryQuoteRepository({ seed, formTokens: new PageFormTokens(), onClearedSpam: (quote) => notifier.quoteSubmitted(quote) });
  // The demo's phone buzzes for real: a new request's alert is shown by the inbox's worker, if this
  // browser has opened the inbox (and allowed notifications), and its "I'm on it" comes back here,
  // where the request lives, to be taken by the demo's staff account.
  onTakeFromAlert((id) => void takeQuote({ inbox: store, logger: console }, { id, by: demoStaffAccount.email, at: new Date() }));
  return {
    quotes: store,
    inbox: store,
    customerData: store,
    notifier,
    logger: console,
    staffAuth: new InMemoryStaffAuth(),
    // No push service in the demo: a test alert is shown on this device by the inbox's service worker.
    alerts: new InMemoryAlertSettings({ staff: [demoStaff.you, demoStaff.colleague], showAlert: (alert) => showAlertOnThisDevice(alert, { register: true }) }),
    // Photos are processed in the page, by code fetched when the first one is sent or shown.
    photos: photosOnFirstUse(async () => (await import('./memory-photos')).createPhotoPorts(store)),
    // A customer's message about an urgent request buzzes this device, as a new request does.
    customerLinkActions: customerLinksOver({ links: store, logger: console, alert: { customerWrote: (quote) => showAlertOnThisDevice(messageAlertOf(quote)) } }),
  };
}
