import { Hono, type MiddlewareHandler } from 'hono';
import type { Logger } from '../../../domain/ports/logger';
import type { PhotoStore } from '../../../domain/ports/photos';
import { photoLimits } from '../../../domain/photos/photos';
import type { WireError } from '../../http-api/wire';
import { describeRoute, failure, signedOut, staffOnly } from '../openapi/describe-route';
import type { StaffEnv } from '../staff/staff-gate';

export interface PhotoApiOptions {
  photos: PhotoStore;
  logger: Logger;
  requireStaff: MiddlewareHandler<StaffEnv>;
}

const photoOperation = (summary: string) =>
  describeRoute({
    summary,
    ...staffOnly,
    responses: {
      200: {
        description: 'The JPEG; never cached (Cache-Control: private, no-store), never sniffed (X-Content-Type-Options: nosniff)',
        content: { 'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } } },
      },
      401: signedOut,
      404: failure('No such photo of that request'),
      503: failure('The store cannot be reached'),
    },
  });

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
  api.get('/:id/photos/:photoId', photoOperation('A photo sent with the request, as kept (staff only)'), requireStaff, serve('full'));
  api.get(
    '/:id/photos/:photoId/thumbnail',
    photoOperation(`A photo's thumbnail, at most ${String(photoLimits.thumbnailLongSide)} px on its long side (staff only)`),
    requireStaff,
    serve('thumbnail'),
  );
  return api;
}
