import { InMemoryNotifier } from '../../adapters/memory/in-memory-notifier';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import { InMemoryStaffAuth } from '../../adapters/memory/in-memory-staff-auth';
import { sampleQuoteRequests } from '../../fixtures/quote-requests';
import type { Backend } from './backend';

/** Demo mode: everything lives in the page, seeded with sample requests; nothing leaves the browser. */
export function createBackend(): Backend {
  return {
    quotes: new InMemoryQuoteRepository({ seed: sampleQuoteRequests(new Date()) }),
    notifier: new InMemoryNotifier(),
    logger: console,
    staffAuth: new InMemoryStaffAuth(),
  };
}
