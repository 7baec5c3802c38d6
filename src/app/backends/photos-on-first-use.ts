import type { BackendPhotos } from './backend';

/**
 * A backend's photo ports whose code (the sender, the browser's image processing) is fetched the
 * first time a photo is sent or shown, not with the rest of the backend's client: most visitors
 * send none. A failed load is tried again next time.
 */
export function photosOnFirstUse(load: () => Promise<BackendPhotos>): BackendPhotos {
  let loading: Promise<BackendPhotos> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    sender: { send: async (quote, photos, onProgress, arrival) => (await loaded()).sender.send(quote, photos, onProgress, arrival) },
    links: { photoUrl: async (quoteId, photo, size) => (await loaded()).links.photoUrl(quoteId, photo, size) },
  };
}
