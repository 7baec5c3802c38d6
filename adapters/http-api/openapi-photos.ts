import { photoFieldName, photoLimits } from '../../domain/photos/photos';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** A quote request with photos: the form's text fields under their names, and the photos as files. */
export const multipartInput = (formInput: { properties: Record<string, unknown>; required: readonly string[] }) => ({
  type: 'object',
  required: formInput.required,
  properties: {
    ...formInput.properties,
    [photoFieldName]: {
      type: 'array',
      maxItems: photoLimits.maxCount,
      items: { type: 'string', contentMediaType: 'application/octet-stream' },
      description: `Up to ${String(photoLimits.maxCount)} photos (JPEG, PNG, WebP, AVIF; judged by their content), each at most ${String(photoLimits.maxBytes)} bytes and ${String(photoLimits.maxPixels)} pixels. Each is turned upright, stripped of all metadata and kept as a JPEG at most ${String(photoLimits.maxLongSide)} px on its long side, with a thumbnail. A refused photo is named in a 400 under the field "${photoFieldName}", and nothing is stored.`,
    },
  },
});

const photoPath = (thumbnail: boolean) => ({
  get: {
    summary: thumbnail
      ? `A photo's thumbnail, at most ${String(photoLimits.thumbnailLongSide)} px on its long side (staff only)`
      : 'A photo sent with the request, as kept (staff only)',
    security: [{ staffSession: [] }],
    parameters: [
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'photoId', in: 'path', required: true, schema: { type: 'string' } },
    ],
    responses: {
      '200': {
        description: 'The JPEG; never cached (Cache-Control: private, no-store), never sniffed (X-Content-Type-Options: nosniff)',
        content: { 'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } } },
      },
      '401': errorResponse('No valid staff session'),
      '404': errorResponse('No such photo of that request'),
      '503': errorResponse('The store cannot be reached'),
    },
  },
});

/** The staff's paths to the photos of a request. */
export const photoPaths = (quoteRequests: string) => ({
  [`${quoteRequests}/{id}/photos/{photoId}`]: photoPath(false),
  [`${quoteRequests}/{id}/photos/{photoId}/thumbnail`]: photoPath(true),
});
