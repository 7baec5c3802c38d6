import type { PhotoError } from './photos';
import { type ChosenPhoto, type Logger, type Notifier, PhotoRejected, type QuoteWithPhotosSender } from './ports';
import type { QuoteRequest } from './quote';
import type { QuoteError } from './quote-errors';
import { QuoteRejected } from './quote-rejected';
import { RateLimited } from './rate-limited';
import { validateQuote } from './validate-quote';

export interface SendQuoteWithPhotosDeps {
  photos: Pick<QuoteWithPhotosSender, 'send'>;
  notifier: Notifier;
  logger: Logger;
}

export type SendQuoteWithPhotosResult =
  | { ok: true; quote: QuoteRequest }
  | { ok: false; error: QuoteError }
  /** One of the photos was refused: the request was not stored. */
  | { ok: false; error: { kind: 'photo-refused'; photo: PhotoError } };

/**
 * Validates a visitor's request and sends it with the photos they chose, in one step, reporting how
 * much has gone: the browser's way of sending photos, whoever processes them. As submitQuote: nothing is sent unless every rule holds, and once stored the request
 * has succeeded, a failed notification only logged.
 */
export async function sendQuoteWithPhotos(
  deps: SendQuoteWithPhotosDeps,
  input: unknown,
  photos: readonly ChosenPhoto[],
  onProgress: (fraction: number) => void,
): Promise<SendQuoteWithPhotosResult> {
  const validation = validateQuote(input);
  if (!validation.ok) return validation;

  let quote: QuoteRequest;
  try {
    quote = await deps.photos.send(validation.quote, photos, onProgress);
  } catch (cause) {
    if (cause instanceof PhotoRejected) return { ok: false, error: { kind: 'photo-refused', photo: cause.error } };
    if (cause instanceof QuoteRejected) return { ok: false, error: cause.reason };
    if (cause instanceof RateLimited) return { ok: false, error: { kind: 'rate-limited', retryAfterSeconds: cause.retryAfterSeconds } };
    deps.logger.error('Storing a quote request with photos failed', cause);
    return { ok: false, error: { kind: 'storage-failure' } };
  }

  try {
    await deps.notifier.quoteSubmitted(quote);
  } catch (cause) {
    deps.logger.error('Sending the quote request notification failed', cause);
  }
  return { ok: true, quote };
}
