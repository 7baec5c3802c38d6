import type { PhotoRef } from '../../domain/photos/photos';
import type { PhotoLinks, PhotoStore } from '../../domain/ports/photos';

/**
 * Photos kept in memory (the tests' fake), shown through object URLs: each made once, from the store's
 * bytes, and kept for as long as the page is open.
 */
export class ObjectUrlPhotoLinks implements PhotoLinks {
  readonly #photos: PhotoStore;
  readonly #urls = new Map<string, Promise<string>>();

  constructor(photos: PhotoStore) {
    this.#photos = photos;
  }

  photoUrl(quoteId: string, photo: PhotoRef, size: 'full' | 'thumbnail'): Promise<string> {
    const key = JSON.stringify([quoteId, photo.id, size]);
    let url = this.#urls.get(key);
    if (url === undefined) {
      url = this.#urlOf(quoteId, photo, size);
      this.#urls.set(key, url);
      // A photo not found now may be stored later: ask the store again next time.
      url.catch(() => this.#urls.delete(key));
    }
    return url;
  }

  async #urlOf(quoteId: string, photo: PhotoRef, size: 'full' | 'thumbnail'): Promise<string> {
    const content = await this.#photos.read(quoteId, photo.id, size);
    if (content === undefined) throw new Error(`The request ${quoteId} has no photo ${photo.id}`);
    return URL.createObjectURL(new Blob([new Uint8Array(content.body)], { type: content.contentType }));
  }
}
