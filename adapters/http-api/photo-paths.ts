import { apiPaths } from './wire';

/**
 * Where staff read a request's photo: `/api/quote-requests/{id}/photos/{photoId}`, and its thumbnail
 * at `.../thumbnail`. Both ids are encoded, so no id can reach another path.
 */
export function photoPath(quoteId: string, photoId: string, size: 'full' | 'thumbnail'): string {
  const full = `${apiPaths.quoteRequests}/${encodeURIComponent(quoteId)}/photos/${encodeURIComponent(photoId)}`;
  return size === 'full' ? full : `${full}/thumbnail`;
}
