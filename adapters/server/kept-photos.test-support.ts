import { randomUUID } from 'node:crypto';
import type { ProcessedPhoto } from '../../domain/photos';
import type { PhotoStore, QuoteRepository } from '../../domain/ports';

/**
 * A repository that stores each request where `quotes` does and keeps its photos in memory beside
 * it: only once the request is stored, so a refused one keeps none. What the server tests read photos
 * back through, as staff do.
 */
export function keepingPhotos(quotes: QuoteRepository): { quotes: QuoteRepository; photos: PhotoStore & { count: () => number; ids: (quoteId: string) => string[] } } {
  const kept = new Map<string, Map<string, ProcessedPhoto>>();
  return {
    quotes: {
      insert: async (quote, photos = []) => {
        const stored = await quotes.insert(quote);
        kept.set(stored.id, new Map(photos.map((photo) => [randomUUID(), photo])));
        return stored;
      },
      delete: async (id) => {
        kept.delete(id);
        return quotes.delete(id);
      },
    },
    photos: {
      read: (quoteId, photoId, size) => {
        const photo = kept.get(quoteId)?.get(photoId);
        if (photo === undefined) return Promise.resolve(undefined);
        return Promise.resolve({ contentType: photo.contentType, body: size === 'full' ? photo.body : photo.thumbnail.body });
      },
      count: () => [...kept.values()].reduce((sum, photos) => sum + photos.size, 0),
      ids: (quoteId) => [...(kept.get(quoteId)?.keys() ?? [])],
    },
  };
}
