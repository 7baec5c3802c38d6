import { availableParallelism } from 'node:os';
import sharp, { type Metadata } from 'sharp';
import { type PhotoError, photoLimits } from '../../domain/photos/photos';
import type { ChosenPhoto, PhotoProcessor } from '../../domain/ports/photos';
import { FairQueue, type FlowKey } from './fair-queue';

/** What sharp calls the formats a visitor may send: judged from the bytes, never the name or the type header. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'heif']);

type Outcome = Awaited<ReturnType<PhotoProcessor['process']>>;

const refused = (error: PhotoError) => ({ ok: false, error }) as const;

/**
 * The options every decode uses: a pixel limit against decompression bombs, a broken file refused, and
 * the file read once from start to end, so libvips streams it through the pipeline in strips.
 */
const decoding = { limitInputPixels: photoLimits.maxPixels, failOn: 'error', sequentialRead: true } as const;

/**
 * How much is processed at once. What a photo holds while processed grows with its pixels, so the
 * bound is in pixels: one 12-megapixel phone photo with one of up to 4 megapixels beside it, or two of
 * 8, or a larger one alone; and no more photos than cores (two at most), each on one libvips thread.
 * One phone photo at a time keeps a core for a small photo, which otherwise waits for a large one to
 * finish (docs/decisions/026-photos-processed-fairly.md).
 */
const defaultBounds = { capacity: 16_000_000, concurrency: Math.min(2, availableParallelism()) };

/**
 * The photo as kept: mozjpeg's tables and progressive scans, without its trellis quantisation and scan
 * search, which made files some 8% smaller for three to six times the encoding time, the most of a
 * photo's processing (decision 026).
 */
const keptJpeg = { quality: 82, mozjpeg: true, trellisQuantisation: false, optimiseScans: false } as const;
/** A thumbnail is small enough for mozjpeg's whole effort, and staff page through many. */
const thumbnailJpeg = { quality: 78, mozjpeg: true } as const;

/** The flow of photos whose sender was not named. */
const unnamed = Symbol('unnamed');

/**
 * Our server's photo processor, on sharp (libvips): reads what a file is from its content, refuses
 * decompression bombs before decoding them, turns each photo the right way up, and re-encodes it as a
 * JPEG at most 2048 px on the long side, with a thumbnail. Nothing of the original's metadata (EXIF,
 * GPS, XMP, IPTC, ICC comments) is carried over: sharp keeps none unless told to.
 *
 * Photos wait their turn in a fair queue: each client (`forClient`) has an equal share, counted in
 * pixels, so a newcomer's photo is next in line however many photos others have queued, and a small
 * one starts at once beside a phone photo being processed. A file is judged from its header before it
 * queues, so a refusal never waits.
 */
export class SharpPhotoProcessor implements PhotoProcessor {
  readonly #queue: FairQueue;

  constructor({ queue = new FairQueue(defaultBounds) }: { queue?: FairQueue } = {}) {
    this.#queue = queue;
    // Each pipeline on one thread: parallelism comes from photos side by side, not from one photo's
    // threads, which would multiply the buffers held at once.
    sharp.concurrency(1);
    // libvips' operation cache keeps decoded images for reuse: useless here, and memory held.
    sharp.cache(false);
  }

  /** The processor for the photos of one client (as the rate limits count clients), which share one turn. */
  forClient(client: string): PhotoProcessor {
    return { process: (photo) => this.#process(photo, client) };
  }

  process(photo: ChosenPhoto): Promise<Outcome> {
    return this.#process(photo, unnamed);
  }

  async #process(photo: ChosenPhoto, flow: FlowKey): Promise<Outcome> {
    if (photo.size > photoLimits.maxBytes) return refused({ kind: 'too-large', file: photo.name });
    // A photo our server wrote to a temporary file is read from there by libvips, never copied into a buffer of ours.
    const input = filePathOf(photo) ?? new Uint8Array(await photo.arrayBuffer());
    const judged = await judge(photo.name, input);
    if (!judged.ok) return judged;
    return this.#queue.run(flow, judged.pixels, () => encode(photo.name, input));
  }
}

/** The file a chosen photo was written to, when it was (an upload our server streamed to disk). */
function filePathOf(photo: ChosenPhoto): string | undefined {
  const path: unknown = (photo as Partial<Record<'path', unknown>>).path;
  return typeof path === 'string' ? path : undefined;
}

/** What the file is and how many pixels it would decode to, from its header alone. */
async function judge(file: string, input: Uint8Array | string): Promise<{ ok: true; pixels: number } | { ok: false; error: PhotoError }> {
  if (typeof input !== 'string' && input.byteLength > photoLimits.maxBytes) return refused({ kind: 'too-large', file });
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return refused({ kind: 'not-an-image', file });
  }
  if (!acceptedFormats.has(metadata.format)) return refused({ kind: 'not-an-image', file });
  // HEIC photos are HEVC inside a HEIF box; sharp's build reads AVIF (AV1) from such boxes, not HEVC.
  if (metadata.format === 'heif' && metadata.compression !== 'av1') return refused({ kind: 'cannot-decode', file });
  const pixels = metadata.width * metadata.height;
  if (pixels > photoLimits.maxPixels) return refused({ kind: 'too-many-pixels', file });
  return { ok: true, pixels };
}

async function encode(file: string, input: Uint8Array | string): Promise<Outcome> {
  try {
    const full = await sharp(input, decoding)
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: photoLimits.maxLongSide, height: photoLimits.maxLongSide, fit: 'inside', withoutEnlargement: true })
      .jpeg(keptJpeg)
      .toBuffer({ resolveWithObject: true });
    // From the kept copy, not the original: a 2048 px JPEG is decoded already shrunk (libvips'
    // shrink-on-load) to near the thumbnail's size.
    const thumbnail = await sharp(full.data, decoding)
      .resize({ width: photoLimits.thumbnailLongSide, height: photoLimits.thumbnailLongSide, fit: 'inside', withoutEnlargement: true })
      .jpeg(thumbnailJpeg)
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
