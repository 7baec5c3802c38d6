import type { Logger, QuoteRepository } from './ports';
import type { QuoteRequest } from './quote';
import { NotSignedIn } from './staff';

export interface ListQuotesDeps {
  quotes: QuoteRepository;
  logger: Logger;
}

export type ListQuotesResult =
  | { ok: true; quotes: readonly QuoteRequest[] }
  | { ok: false; error: { kind: 'storage-failure' } | { kind: 'not-signed-in' } };

/** Every quote request, newest first, for staff; a store that wants a staff session says so. */
export async function listQuotes(deps: ListQuotesDeps): Promise<ListQuotesResult> {
  try {
    return { ok: true, quotes: await deps.quotes.listNewestFirst() };
  } catch (cause) {
    if (cause instanceof NotSignedIn) return { ok: false, error: { kind: 'not-signed-in' } };
    deps.logger.error('Reading quote requests failed', cause);
    return { ok: false, error: { kind: 'storage-failure' } };
  }
}
