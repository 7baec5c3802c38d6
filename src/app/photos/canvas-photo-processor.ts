import { fitWithin, type PhotoError, photoLimits, type ProcessedPhoto } from '../../../domain/photos/photos';
import type { ChosenPhoto, PhotoProcessor } from '../../../domain/ports/photos';

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, index) => bytes[index] === byte);

/** The ISO base media brands of HEIC and HEIF stills (and their sequences, as an iPhone's Live Photo). */
const heifBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

/** What the file's first bytes say it is: a photo type we take, or nothing we do. */
export function sniffPhotoType(head: Uint8Array): 'jpeg' | 'png' | 'webp' | 'heif' | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (ascii(head, 4, 8) === 'ftyp' && heifBrands.has(ascii(head, 8, 12))) return 'heif';
  return undefined;
}

/** The quality of the JPEG kept: a photo of a leak reads well at it, at a fraction of the phone's bytes. */
const jpegQuality = 0.82;

type Drawing = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function draw(context: Drawing | null, image: ImageBitmap, width: number, height: number): void {
  if (!context) throw new Error('This browser cannot draw on a canvas');
  // JPEG has no transparency: a transparent PNG gets white behind it, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
}

/** The image drawn within `longSide`, as a JPEG: pixels only, so no metadata goes with it. */
async function jpegWithin(image: ImageBitmap, longSide: number): Promise<{ width: number; height: number; body: Uint8Array }> {
  const { width, height } = fitWithin(image.width, image.height, longSide);
  let blob: Blob | null;
  if (typeof OffscreenCanvas === 'undefined') {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    draw(canvas.getContext('2d'), image, width, height);
    blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', jpegQuality));
  } else {
    const canvas = new OffscreenCanvas(width, height);
    draw(canvas.getContext('2d'), image, width, height);
    blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: jpegQuality });
  }
  if (!blob) throw new Error('This browser could not encode the photo as a JPEG');
  return { width, height, body: new Uint8Array(await blob.arrayBuffer()) };
}

/**
 * Processes photos in the visitor's browser, for the modes with no server of ours to do it: judged by
 * their first bytes, decoded by the browser (turned upright by their EXIF orientation), and drawn
 * onto a canvas within the size limits and encoded again as JPEG, so nothing but the pixels is kept.
 * A browser that cannot decode a type (HEIC outside Safari) says 'cannot-decode'.
 */
export class CanvasPhotoProcessor implements PhotoProcessor {
  async process(photo: ChosenPhoto): Promise<{ ok: true; photo: ProcessedPhoto } | { ok: false; error: PhotoError }> {
    const file = photo.name;
    if (photo.size > photoLimits.maxBytes) return { ok: false, error: { kind: 'too-large', file } };
    const bytes = await photo.arrayBuffer();
    const type = sniffPhotoType(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 16)));
    if (type === undefined) return { ok: false, error: { kind: 'not-an-image', file } };

    let image: ImageBitmap;
    try {
      image = await createImageBitmap(new Blob([bytes]), { imageOrientation: 'from-image' });
    } catch {
      return { ok: false, error: { kind: 'cannot-decode', file } };
    }
    try {
      if (image.width * image.height > photoLimits.maxPixels) return { ok: false, error: { kind: 'too-many-pixels', file } };
      const full = await jpegWithin(image, photoLimits.maxLongSide);
      const thumbnail = await jpegWithin(image, photoLimits.thumbnailLongSide);
      return { ok: true, photo: { contentType: 'image/jpeg', ...full, thumbnail } };
    } finally {
      image.close();
    }
  }
}
