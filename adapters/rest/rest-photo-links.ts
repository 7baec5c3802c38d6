import type { PhotoRef } from '../../domain/photos/photos';
import type { PhotoLinks } from '../../domain/ports/photos';
import { photoPath } from '../http-api/photo-paths';

/** Photos as our API serves them to staff: the session's cookie goes with the browser's own request. */
export class RestPhotoLinks implements PhotoLinks {
  readonly #baseUrl: string;

  /** `baseUrl`: where the API lives; left out, the page's own origin. */
  constructor({ baseUrl = '' }: { baseUrl?: string } = {}) {
    this.#baseUrl = baseUrl.replace(/\/+$/, '');
  }

  photoUrl(quoteId: string, photo: PhotoRef, size: 'full' | 'thumbnail'): Promise<string> {
    return Promise.resolve(`${this.#baseUrl}${photoPath(quoteId, photo.id, size)}`);
  }
}
