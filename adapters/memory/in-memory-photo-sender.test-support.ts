import { photoLimits, type ProcessedPhoto } from '../../domain/photos/photos';
import { type ChosenPhoto, type PhotoProcessor, PhotoRejected, type QuoteWithPhotosSender } from '../../domain/ports/photos';
import { type NewlyStored, type QuoteRepository } from '../../domain/ports/quote-repository';
import type { NewQuote } from '../../domain/quote/quote';
import type { Arrival } from '../../domain/spam/spam';

/**
 * Sends a request with its photos to a store in memory (the tests' fake): each photo processed in turn,
 * as a server would, and the request stored with them only once every one is fit to keep, judged
 * by how it arrived as the store judges any other.
 */
export class InMemoryPhotoSender implements QuoteWithPhotosSender {
  readonly #quotes: Pick<QuoteRepository, 'insert'>;
  readonly #processor: PhotoProcessor;

  constructor({ quotes, processor }: { quotes: Pick<QuoteRepository, 'insert'>; processor: PhotoProcessor }) {
    this.#quotes = quotes;
    this.#processor = processor;
  }

  async send(quote: NewQuote, photos: readonly ChosenPhoto[], onProgress: (fraction: number) => void, arrival?: Arrival): Promise<NewlyStored> {
    if (photos.length > photoLimits.maxCount) throw new PhotoRejected({ kind: 'too-many', count: photos.length });
    const processed: ProcessedPhoto[] = [];
    onProgress(0);
    for (const photo of photos) {
      const result = await this.#processor.process(photo);
      if (!result.ok) throw new PhotoRejected(result.error);
      processed.push(result.photo);
      // Processing is the work here; storing in memory takes no time worth showing.
      onProgress(processed.length / photos.length);
    }
    return this.#quotes.insert(quote, processed, arrival);
  }
}
