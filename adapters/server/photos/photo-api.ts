import { Hono, type MiddlewareHandler } from 'hono';
import type { Logger } from '../../../domain/ports/logger';
import type { PhotoStore } from '../../../domain/ports/photos';
import type { WireError } from '../../http-api/wire';
import type { StaffEnv } from '../staff/staff-gate';

export interface PhotoApiOptions {
  photos: PhotoStore;
  logger: Logger;
  requireStaff: MiddlewareHandler<StaffEnv>;
}

const fail = (body: WireError, status: 404 | 503) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

/**
 * The photos sent with a request, for staff only: `/:id/photos/:photoId` full size, and
 * `/:id/photos/:photoId/thumbnail`. Never cached (they may show someone's home), and never sniffed
 * as anything but the JPEG they are.
 */
export function photoApi({ photos, logger, requireStaff }: PhotoApiOptions) {
  const api = new Hono<StaffEnv>();
  const serve = (size: 'full' | 'thumbnail') =>
    async (c: { req: { param: (name: 'id' | 'photoId') => string } }) => {
      let photo;
      try {
        photo = await photos.read(c.req.param('id'), c.req.param('photoId'), size);
      } catch (cause) {
        logger.error('Reading a photo failed', cause);
        return fail({ error: 'storage-unavailable', message: 'The photo cannot be reached right now. Please try again.' }, 503);
      }
      if (photo === undefined) return fail({ error: 'not-found', message: 'There is no such photo' }, 404);
      return new Response(new Uint8Array(photo.body), {
        headers: {
          'content-type': photo.contentType,
          'content-length': String(photo.body.byteLength),
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    };
  api.get('/:id/photos/:photoId', requireStaff, serve('full'));
  api.get('/:id/photos/:photoId/thumbnail', requireStaff, serve('thumbnail'));
  return api;
}
