import type { Logger } from '../ports/logger';
import type { QuoteRepository } from '../ports/quote-repository';
import { NotSignedIn } from '../staff/staff';

export interface DeleteQuoteDeps {
  quotes: Pick<QuoteRepository, 'delete'>;
  logger: Logger;
}

type DeleteQuoteError = { kind: 'not-found' } | { kind: 'storage-failure' } | { kind: 'not-signed-in' };

export type DeleteQuoteResult = { ok: true } | { ok: false; error: DeleteQuoteError };

/**
 * Deletes one quote request for good, as staff do when a customer asks us to forget them. A request
 * already gone is 'not-found' (someone else deleted it, or the purge did); a store that wants a staff
 * session says so; any other failure is logged and reported as a storage failure.
 */
export async function deleteQuote(deps: DeleteQuoteDeps, id: string): Promise<DeleteQuoteResult> {
  try {
    return (await deps.quotes.delete(id)) ? { ok: true } : { ok: false, error: { kind: 'not-found' } };
  } catch (cause) {
    if (cause instanceof NotSignedIn) return { ok: false, error: { kind: 'not-signed-in' } };
    deps.logger.error('Deleting a quote request failed', cause);
    return { ok: false, error: { kind: 'storage-failure' } };
  }
}
