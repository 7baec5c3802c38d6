import { InMemoryAlertSettings } from '../../../adapters/memory/in-memory-alert-settings';
import { InMemoryNotifier } from '../../../adapters/memory/in-memory-notifier';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { InMemoryStaffAuth } from '../../../adapters/memory/in-memory-staff-auth';
import { demoStaff } from '../../../fixtures/demo-fixture';
import { sampleQuoteRequests } from '../../../fixtures/quote-requests';
import { showLocalAlert } from '../quotes-service-worker';
import type { Backend } from './backend';

export function createPorts(): Backend {
  // One store behind both ports: a request submitted in the demo shows up in its inbox.
  const store = new InMemoryQuoteRepository({ seed: sampleQuoteRequests(new Date()) });
  return {
    quotes: store,
    inbox: store,
    notifier: new InMemoryNotifier(),
    logger: console,
    staffAuth: new InMemoryStaffAuth(),
    // No push service in the demo: a test alert is shown on this device by the inbox's service worker.
    alerts: new InMemoryAlertSettings({ staff: [demoStaff.you, demoStaff.colleague], showAlert: (alert) => showLocalAlert(alert) }),
  };
}
