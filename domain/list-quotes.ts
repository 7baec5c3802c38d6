import type { Logger, QuoteRepository } from './ports';
import type { QuoteRequest } from './quote';

export interface ListQuotesDeps {
  quotes: QuoteRepository;
  logger: Logger;
}

export type ListQuotesResult =
  | { ok: true; quotes: readonly QuoteRequest[] }
  | { ok: false; error: { kind: 'storage-failure' } };

/** Every quote request, newest first, for staff. */
export async function listQuotes(deps: ListQuotesDeps): Promise<ListQuotesResult> {
  try {
    return { ok: true, quotes: await deps.quotes.listNewestFirst() };
  } catch (cause) {
    deps.logger.error('Reading quote requests failed', cause);
    return { ok: false, error: { kind: 'storage-failure' } };
  }
}
