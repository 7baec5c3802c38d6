import sharp, { type Metadata } from 'sharp';
import { type PhotoError, photoLimits } from '../../domain/photos';
import type { ChosenPhoto, PhotoProcessor } from '../../domain/ports/photos';

/** What sharp calls the formats a visitor may send: judged from the bytes, never the name or the type header. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'heif']);

type Outcome = Awaited<ReturnType<PhotoProcessor['process']>>;

const refused = (error: PhotoError): Outcome => ({ ok: false, error });

/** The options every decode uses: a pixel limit against decompression bombs, and a broken file refused. */
const decoding = { limitInputPixels: photoLimits.maxPixels, failOn: 'error' } as const;

/**
 * Our server's photo processor, on sharp (libvips): reads what a file is from its content, refuses
 * decompression bombs before decoding them, turns each photo the right way up, and re-encodes it as a
 * JPEG at most 2048 px on the long side, with a thumbnail. Nothing of the original's metadata (EXIF,
 * GPS, XMP, IPTC, ICC comments) is carried over: sharp keeps none unless told to.
 *
 * A decoded 12-megapixel photo takes some 36 MB, and libvips' working buffers as much again; so
 * `parallel` photos (one by default) are processed at a time and the rest wait their turn: five
 * uploads at once then stay under 300 MB (`npm run bench:photos`).
 */
export class SharpPhotoProcessor implements PhotoProcessor {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly parallel: number;

  constructor({ parallel = 1 }: { parallel?: number } = {}) {
    this.parallel = parallel;
    // Each pipeline on one thread: parallelism comes from photos side by side, not from one photo's
    // threads, which would multiply the buffers held at once.
    sharp.concurrency(1);
    // libvips' operation cache keeps decoded images for reuse: useless here, and memory held.
    sharp.cache(false);
  }

  async process(photo: ChosenPhoto): Promise<Outcome> {
    if (photo.size > photoLimits.maxBytes) return refused({ kind: 'too-large', file: photo.name });
    await this.turn();
    try {
      // A photo our server wrote to a temporary file is read from there by libvips, never copied into a buffer of ours.
      const input = filePathOf(photo) ?? new Uint8Array(await photo.arrayBuffer());
      return await processInput(photo.name, input);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  private async turn(): Promise<void> {
    if (this.running >= this.parallel) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
  }
}

/** The file a chosen photo was written to, when it was (an upload our server streamed to disk). */
function filePathOf(photo: ChosenPhoto): string | undefined {
  const path: unknown = (photo as Partial<Record<'path', unknown>>).path;
  return typeof path === 'string' ? path : undefined;
}

async function processInput(file: string, bytes: Uint8Array | string): Promise<Outcome> {
  if (typeof bytes !== 'string' && bytes.byteLength > photoLimits.maxBytes) return refused({ kind: 'too-large', file });
  let metadata: Metadata;
  try {
    // Reads the header only: what the file is, and how many pixels it would decode to.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refused({ kind: 'not-an-image', file });
  }
  if (!acceptedFormats.has(metadata.format)) return refused({ kind: 'not-an-image', file });
  // HEIC photos are HEVC inside a HEIF box; sharp's build reads AVIF (AV1) from such boxes, not HEVC.
  if (metadata.format === 'heif' && metadata.compression !== 'av1') return refused({ kind: 'cannot-decode', file });
  if (metadata.width * metadata.height > photoLimits.maxPixels) return refused({ kind: 'too-many-pixels', file });

  try {
    const full = await sharp(bytes, decoding)
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: photoLimits.maxLongSide, height: photoLimits.maxLongSide, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    // From the kept copy, not the original: a 2048 px image is far cheaper to shrink again.
    const thumbnail = await sharp(full.data, decoding)
      .resize({ width: photoLimits.thumbnailLongSide, height: photoLimits.thumbnailLongSide, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      photo: {
        contentType: 'image/jpeg',
        width: full.info.width,
        height: full.info.height,
        body: new Uint8Array(full.data),
        thumbnail: { width: thumbnail.info.width, height: thumbnail.info.height, body: new Uint8Array(thumbnail.data) },
      },
    };
  } catch (cause) {
    if (cause instanceof Error && /pixel limit/i.test(cause.message)) return refused({ kind: 'too-many-pixels', file });
    return refused({ kind: 'cannot-decode', file });
  }
}
