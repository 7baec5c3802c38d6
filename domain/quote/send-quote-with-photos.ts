import { type ChosenPhoto, PhotoRejected, type QuoteWithPhotosSender } from '../ports/photos';
import { type Logger } from '../ports/logger';
import { type Notifier } from '../ports/notifier';
import type { Arrival } from '../spam/spam';
import { storeAndNotify, type SubmitQuoteWithPhotosResult } from './submit-quote';
import { validateQuote } from './validate-quote';

export interface SendQuoteWithPhotosDeps {
  photos: Pick<QuoteWithPhotosSender, 'send'>;
  notifier: Notifier;
  logger: Logger;
}

/** As a request with photos sent to the server: stored, or refused for its fields, a photo, or the store. */
export type SendQuoteWithPhotosResult = SubmitQuoteWithPhotosResult;

/**
 * Validates a visitor's request and sends it with the photos they chose, in one step, reporting how
 * much has gone: the browser's way of sending photos, whoever processes them. As submitQuote: nothing
 * is sent unless every rule holds, and once stored the request has succeeded, a failed notification
 * only logged.
 */
export function sendQuoteWithPhotos(
  deps: SendQuoteWithPhotosDeps,
  input: unknown,
  photos: readonly ChosenPhoto[],
  onProgress: (fraction: number) => void,
  arrival?: Arrival,
): Promise<SendQuoteWithPhotosResult> {
  const validation = validateQuote(input);
  if (!validation.ok) return Promise.resolve(validation);
  return storeAndNotify(deps, () => deps.photos.send(validation.quote, photos, onProgress, arrival), {
    what: 'a quote request with photos',
    refusal: (cause) => (cause instanceof PhotoRejected ? { kind: 'photo-refused' as const, photo: cause.error } : undefined),
  });
}
