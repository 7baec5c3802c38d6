import { InMemoryNotifier } from '../../adapters/memory/in-memory-notifier';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import { InMemoryStaffAuth } from '../../adapters/memory/in-memory-staff-auth';
import { sampleQuoteRequests } from '../../fixtures/quote-requests';
import type { Backend } from './backend';

export function createPorts(): Backend {
  return {
    quotes: new InMemoryQuoteRepository({ seed: sampleQuoteRequests(new Date()) }),
    notifier: new InMemoryNotifier(),
    logger: console,
    staffAuth: new InMemoryStaffAuth(),
  };
}
