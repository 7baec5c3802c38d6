import type { NewQuote } from '../quote/quote';
import type { PhotoError, PhotoRef, ProcessedPhoto } from '../photos/photos';
import type { Arrival } from '../spam/spam';
import type { NewlyStored } from './quote-repository';

/** One stored photo's bytes, as served to staff. */
export interface PhotoContent {
  contentType: string;
  body: Uint8Array;
}

/**
 * Where the photos sent with requests are kept, beside the requests (saved by QuoteRepository.insert,
 * deleted with their request and by the retention purge). Only staff read them.
 */
export interface PhotoStore {
  /** A photo of the request, full size or its thumbnail; undefined when the request has no such photo. */
  read(quoteId: string, photoId: string, size: 'full' | 'thumbnail'): Promise<PhotoContent | undefined>;
}

/** A photo as the visitor chose it, before anything is done to it: a browser's File fits. */
export interface ChosenPhoto {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * Turns a chosen photo into one fit to keep: judged by its content, upright, every piece of metadata
 * removed, re-encoded within the size limits, with a thumbnail. Our server does it with its image
 * library; the modes without a server of ours do it in the visitor's browser before anything is sent.
 */
export interface PhotoProcessor {
  process(photo: ChosenPhoto): Promise<{ ok: true; photo: ProcessedPhoto } | { ok: false; error: PhotoError }>;
}

/** Thrown by a sender when a photo was refused; the request was not stored. */
export class PhotoRejected extends Error {
  readonly error: PhotoError;
  constructor(error: PhotoError) {
    super(`A photo was refused: ${error.kind}`);
    this.name = 'PhotoRejected';
    this.error = error;
  }
}

/**
 * Sends a request with the photos the visitor chose, in one step (none of it is stored unless all
 * of it is), reporting how much has gone, from 0 to 1. Rejects with PhotoRejected for a refused photo,
 * and as QuoteRepository.insert does otherwise.
 */
export interface QuoteWithPhotosSender {
  send(quote: NewQuote, photos: readonly ChosenPhoto[], onProgress: (fraction: number) => void, arrival?: Arrival): Promise<NewlyStored>;
}

/** Where the browser shows a stored photo from: our API's path, a short-lived signed link, or an object URL. */
export interface PhotoLinks {
  photoUrl(quoteId: string, photo: PhotoRef, size: 'full' | 'thumbnail'): Promise<string>;
}
