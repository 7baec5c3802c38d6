import type { KyInstance } from 'ky';
import type { PhotoRef } from '../../domain/photos/photos';
import type { PhotoLinks } from '../../domain/ports/photos';
import { photoPath } from '../http-api/photo-paths';
import { createApiClient, type RestClientOptions } from './rest-client';

/**
 * Photos as our API serves them to staff. With our server's session cookie, the address itself: the
 * browser's own request carries the cookie. Where staff are known by an access token (Supabase, the
 * demo's API in the page), an image element cannot send it: the photo is fetched through the client,
 * and shown from an object URL, fetched once per photo and size.
 */
export class RestPhotoLinks implements PhotoLinks {
  readonly #baseUrl: string;
  readonly #api: KyInstance | undefined;
  readonly #fetched = new Map<string, Promise<string>>();

  /** `baseUrl`: where the API lives; left out, the page's own origin. */
  constructor(options: RestClientOptions = {}) {
    this.#baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
    this.#api = options.accessToken || options.fetch ? createApiClient(options).api : undefined;
  }

  photoUrl(quoteId: string, photo: PhotoRef, size: 'full' | 'thumbnail'): Promise<string> {
    const path = photoPath(quoteId, photo.id, size);
    const api = this.#api;
    if (api === undefined) return Promise.resolve(`${this.#baseUrl}${path}`);
    let url = this.#fetched.get(path);
    if (url === undefined) {
      url = api.get(path).blob().then((blob) => URL.createObjectURL(blob));
      // A failed fetch is tried again the next time the photo is shown.
      url.catch(() => this.#fetched.delete(path));
      this.#fetched.set(path, url);
    }
    return url;
  }
}
