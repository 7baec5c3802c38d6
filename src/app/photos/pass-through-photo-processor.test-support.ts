import type { PhotoError, ProcessedPhoto } from '../../../domain/photos/photos';
import type { ChosenPhoto, PhotoProcessor } from '../../../domain/ports/photos';
import { sniffPhotoType } from './canvas-photo-processor';

/**
 * A processor for tests in a page that cannot decode images (jsdom): it judges a file by its first
 * bytes as the canvas processor does, refuses HEIC as a browser without a HEIC decoder does, and keeps
 * the bytes as they are, as a 640 × 480 photo with a 320 × 240 thumbnail.
 */
export class PassThroughPhotoProcessor implements PhotoProcessor {
  async process(photo: ChosenPhoto): Promise<{ ok: true; photo: ProcessedPhoto } | { ok: false; error: PhotoError }> {
    const bytes = new Uint8Array(await photo.arrayBuffer());
    const type = sniffPhotoType(bytes.subarray(0, 16));
    if (type === undefined) return { ok: false, error: { kind: 'not-an-image', file: photo.name } };
    if (type === 'heif') return { ok: false, error: { kind: 'cannot-decode', file: photo.name } };
    return { ok: true, photo: { contentType: 'image/jpeg', width: 640, height: 480, body: bytes, thumbnail: { width: 320, height: 240, body: bytes } } };
  }
}
