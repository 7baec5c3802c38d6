import type { Logger, Notifier, QuoteRepository } from './ports';
import type { QuoteRequest } from './quote';
import type { QuoteError } from './quote-errors';
import { QuoteRejected } from './quote-rejected';
import { RateLimited } from './rate-limited';
import { validateQuote } from './validate-quote';

export interface SubmitQuoteDeps {
  quotes: Pick<QuoteRepository, 'insert'>;
  notifier: Notifier;
  logger: Logger;
}

export type SubmitQuoteResult = { ok: true; quote: QuoteRequest } | { ok: false; error: QuoteError };

/**
 * Validates a visitor's request, stores it and tells the business. Nothing reaches the repository
 * unless every rule holds. Once stored, the request has succeeded: a failed notification is logged
 * and the visitor still sees success.
 */
export async function submitQuote(deps: SubmitQuoteDeps, input: unknown): Promise<SubmitQuoteResult> {
  const validation = validateQuote(input);
  if (!validation.ok) return validation;

  let quote: QuoteRequest;
  try {
    quote = await deps.quotes.insert(validation.quote);
  } catch (cause) {
    if (cause instanceof QuoteRejected) return { ok: false, error: cause.reason };
    if (cause instanceof RateLimited) return { ok: false, error: { kind: 'rate-limited', retryAfterSeconds: cause.retryAfterSeconds } };
    deps.logger.error('Storing a quote request failed', cause);
    return { ok: false, error: { kind: 'storage-failure' } };
  }

  try {
    await deps.notifier.quoteSubmitted(quote);
  } catch (cause) {
    deps.logger.error('Sending the quote request notification failed', cause);
  }
  return { ok: true, quote };
}
