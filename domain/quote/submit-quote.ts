import type { PhotoError, ProcessedPhoto } from '../photos/photos';
import type { ChosenPhoto, PhotoProcessor } from '../ports/photos';
import type { Logger } from '../ports/logger';
import type { NewlyStored, QuoteRepository } from '../ports/quote-repository';
import type { Notifier } from '../ports/notifier';
import type { NewQuote } from './quote';
import type { Arrival } from '../spam/spam';
import type { QuoteError } from './quote-errors';
import { QuoteRejected } from './quote-rejected';
import { RateLimited } from './rate-limited';
import { validateQuote } from './validate-quote';

export interface SubmitQuoteDeps {
  quotes: Pick<QuoteRepository, 'insert'>;
  notifier: Notifier;
  logger: Logger;
}

export type SubmitQuoteResult = { ok: true; quote: NewlyStored } | { ok: false; error: QuoteError };

/**
 * Validates a visitor's request, stores it and tells the business. Nothing reaches the repository
 * unless every rule holds. Once stored, the request has succeeded: a failed notification is logged
 * and the visitor still sees success. `arrival` is how it came (the honeypot, the form's token), for
 * the store to judge it by the spam rules; one it holds as spam tells nobody, and its sender is
 * answered exactly as any other.
 */
export async function submitQuote(deps: SubmitQuoteDeps, input: unknown, arrival?: Arrival): Promise<SubmitQuoteResult> {
  const validation = validateQuote(input);
  if (!validation.ok) return validation;
  return store(deps, validation.quote, [], arrival);
}

/** A photo that was refused, naming the file; the request was not stored. */
interface PhotoRefusal {
  kind: 'photo-refused';
  photo: PhotoError;
}

/** Why a request with photos was not accepted: as one without, or a photo refused. */
export type SubmitWithPhotosError = QuoteError | PhotoRefusal;

export type SubmitQuoteWithPhotosResult = { ok: true; quote: NewlyStored } | { ok: false; error: SubmitWithPhotosError };

/**
 * As submitQuote, with the photos the visitor chose: each is processed (judged by its content,
 * turned upright, its metadata removed) once the fields hold, one at a time, stopping at the first
 * refused; then the request and every photo are stored together, or none of it is.
 */
export async function submitQuoteWithPhotos(
  deps: SubmitQuoteDeps & { processor: PhotoProcessor },
  input: unknown,
  photos: readonly ChosenPhoto[],
  arrival?: Arrival,
): Promise<SubmitQuoteWithPhotosResult> {
  const validation = validateQuote(input);
  if (!validation.ok) return validation;
  const processed: ProcessedPhoto[] = [];
  for (const photo of photos) {
    const result = await deps.processor.process(photo);
    if (!result.ok) return { ok: false, error: { kind: 'photo-refused', photo: result.error } };
    processed.push(result.photo);
  }
  return store(deps, validation.quote, processed, arrival);
}

function store(deps: SubmitQuoteDeps, newQuote: NewQuote, photos: readonly ProcessedPhoto[], arrival: Arrival | undefined): Promise<SubmitQuoteResult> {
  const { quotes } = deps;
  return storeAndNotify(deps, () =>
    arrival !== undefined ? quotes.insert(newQuote, photos, arrival) : photos.length > 0 ? quotes.insert(newQuote, photos) : quotes.insert(newQuote),
  );
}

/**
 * The step every way of sending a valid request ends in: `save` stores it, and once stored it has
 * succeeded, the business told and a failed notification only logged. A refusal the store gives (a
 * rule it keeps, a rate limit, or whatever `refusal` recognises) is the visitor's answer; any other
 * failure is logged as the failure to store `what`.
 */
export async function storeAndNotify<Refusal = never>(
  deps: Pick<SubmitQuoteDeps, 'notifier' | 'logger'>,
  save: () => Promise<NewlyStored>,
  { what = 'a quote request', refusal = () => undefined }: { what?: string; refusal?: (cause: unknown) => Refusal | undefined } = {},
): Promise<{ ok: true; quote: NewlyStored } | { ok: false; error: QuoteError | Refusal }> {
  let quote: NewlyStored;
  try {
    quote = await save();
  } catch (cause) {
    const refused = refusal(cause);
    if (refused !== undefined) return { ok: false, error: refused };
    if (cause instanceof QuoteRejected) return { ok: false, error: cause.reason };
    if (cause instanceof RateLimited) return { ok: false, error: { kind: 'rate-limited', retryAfterSeconds: cause.retryAfterSeconds } };
    deps.logger.error(`Storing ${what} failed`, cause);
    return { ok: false, error: { kind: 'storage-failure' } };
  }

  // Spam tells nobody: it waits in the Spam folder until staff say otherwise.
  if (quote.heldAsSpam === true) return { ok: true, quote };
  try {
    await deps.notifier.quoteSubmitted(quote);
  } catch (cause) {
    deps.logger.error('Sending the quote request notification failed', cause);
  }
  return { ok: true, quote };
}
