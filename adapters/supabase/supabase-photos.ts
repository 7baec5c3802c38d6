import { photoLimits, type PhotoRef, type ProcessedPhoto } from '../../domain/photos/photos';
import { type ChosenPhoto, type PhotoLinks, type PhotoProcessor, PhotoRejected, type QuoteWithPhotosSender } from '../../domain/ports/photos';
import { type NewlyStored } from '../../domain/ports/quote-repository';
import { type NewQuote, toNamedFields } from '../../domain/quote/quote';
import type { Arrival } from '../../domain/spam/spam';
import { customerTokenHash, newCustomerToken } from '../../domain/customer-link/customer-link';
import type { SupabaseDatabaseClient } from './supabase-database';
import { describeDatabaseFailure } from './supabase-failure';

/** The private Storage bucket the photos are kept in. */
export const photoBucket = 'quote-photos';

/** How long a signed link to a photo works: long enough to open it, short enough that a copied link soon dies. */
export const photoLinkSeconds = 300;

/** A photo's file, or its thumbnail's, in the bucket: `<request id>/<photo id>.jpg` or `.thumb.jpg`. */
const photoPath = (quoteId: string, photoId: string, size: 'full' | 'thumbnail'): string =>
  `${quoteId}/${photoId}${size === 'thumbnail' ? '.thumb' : ''}.jpg`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface SupabasePhotoSenderOptions {
  client: SupabaseDatabaseClient;
  /** Turns each chosen photo into an upright JPEG without metadata, in the browser, before anything is sent. */
  processor: PhotoProcessor;
  now?: () => Date;
}

/**
 * Sends a request with its photos to a Supabase project, as docs/decisions/018-photos-in-supabase.md
 * says: every photo is processed here first (a refused one stops everything before a byte is sent,
 * and what leaves the browser is only the re-encoded JPEG and its thumbnail, never the original with
 * its GPS position); then the files go to the private bucket under the request's id, which this
 * client makes; then public.send_quote_request stores the request and its photos' rows in one
 * transaction. Until that last call nothing is stored that staff see: files of a request that never
 * came are removed by the purge. supabase-js uploads without progress events, so progress is told
 * per file done.
 */
export class SupabasePhotoSender implements QuoteWithPhotosSender {
  readonly #client: SupabaseDatabaseClient;
  readonly #processor: PhotoProcessor;
  readonly #now: () => Date;

  constructor({ client, processor, now = () => new Date() }: SupabasePhotoSenderOptions) {
    this.#client = client;
    this.#processor = processor;
    this.#now = now;
  }

  async send(quote: NewQuote, chosen: readonly ChosenPhoto[], onProgress: (fraction: number) => void, arrival?: Arrival): Promise<NewlyStored> {
    if (chosen.length > photoLimits.maxCount) throw new PhotoRejected({ kind: 'too-many', count: chosen.length });
    const processed: ProcessedPhoto[] = [];
    for (const photo of chosen) {
      const outcome = await this.#processor.process(photo);
      if (!outcome.ok) throw new PhotoRejected(outcome.error);
      processed.push(outcome.photo);
    }
    return storeQuoteWithPhotos(this.#client, quote, processed, onProgress, this.#now, arrival);
  }
}

/**
 * Uploads processed photos into the new request's folder, then stores the request and their rows in
 * one transaction (public.send_quote_request), telling progress per file done. Nothing staff see is
 * stored unless all of it is; files of a request that failed are the purge's. As
 * SupabaseQuoteRepository.insert, the customer's token is made here, only its hash is sent, and the
 * database judges the request with the hidden field's state from `arrival`.
 */
export async function storeQuoteWithPhotos(
  client: SupabaseDatabaseClient,
  quote: NewQuote,
  photos: readonly ProcessedPhoto[],
  onProgress: (fraction: number) => void,
  now: () => Date,
  arrival?: Arrival,
): Promise<NewlyStored> {
  if (photos.length > photoLimits.maxCount) throw new PhotoRejected({ kind: 'too-many', count: photos.length });
  const processed = photos.map((photo) => ({ id: crypto.randomUUID(), photo }));
  const id = crypto.randomUUID();
  const createdAt = now();
  const customerToken = newCustomerToken();
  const tokenHash = await customerTokenHash(customerToken);
  // Each file a step, and the request's own call the last.
  const steps = processed.length * 2 + 1;
  let done = 0;
  onProgress(0);
  const bucket = client.storage.from(photoBucket);
  for (const { id: photoId, photo } of processed) {
    for (const [size, body] of [['full', photo.body], ['thumbnail', photo.thumbnail.body]] as const) {
      const { error } = await bucket.upload(photoPath(id, photoId, size), body, { contentType: 'image/jpeg', upsert: false, cacheControl: '0' });
      if (error) throw new Error(`Storing the photos failed: Supabase Storage answered: ${error.message}`, { cause: error });
      done += 1;
      onProgress(done / steps);
    }
  }

  const answer = await client.rpc('send_quote_request', {
    request: { id, ...toNamedFields(quote), honeypot_filled: arrival?.honeypotFilled ?? false, customer_token_hash: tokenHash },
    photos: processed.map(({ id: photoId, photo }) => ({
      id: photoId,
      width: photo.width,
      height: photo.height,
      thumbnail_width: photo.thumbnail.width,
      thumbnail_height: photo.thumbnail.height,
    })),
  });
  if (answer.error) throw describeDatabaseFailure('Storing the quote request', answer);
  onProgress(1);
  return { ...quote, id, createdAt, customerToken };
}

/** Short-lived signed links to the private bucket's files, which Storage gives only to staff (its policies). */
export class SupabasePhotoLinks implements PhotoLinks {
  readonly #client: SupabaseDatabaseClient;

  constructor({ client }: { client: SupabaseDatabaseClient }) {
    this.#client = client;
  }

  async photoUrl(quoteId: string, photo: PhotoRef, size: 'full' | 'thumbnail'): Promise<string> {
    const { data, error } = await this.#client.storage.from(photoBucket).createSignedUrl(photoPath(quoteId, photo.id, size), photoLinkSeconds);
    if (error) throw new Error(`Showing the photo failed: Supabase Storage answered: ${error.message}`, { cause: error });
    return data.signedUrl;
  }
}

/**
 * Removes every file in a request's folder, once its row is gone (staff only, by Storage's policies).
 * Rejects when Storage cannot list or remove them; the files are then the purge's.
 */
export async function removePhotoFolder(client: SupabaseDatabaseClient, quoteId: string): Promise<number> {
  const bucket = client.storage.from(photoBucket);
  const listed = await bucket.list(quoteId, { limit: 2 * photoLimits.maxCount + 10 });
  if (listed.error) throw new Error(`Removing the request's photos failed: ${messageOf(listed.error)}`, { cause: listed.error });
  const paths = listed.data.map(({ name }) => `${quoteId}/${name}`);
  if (paths.length === 0) return 0;
  const removed = await bucket.remove(paths);
  if (removed.error) throw new Error(`Removing the request's photos failed: ${messageOf(removed.error)}`, { cause: removed.error });
  return removed.data.length;
}
