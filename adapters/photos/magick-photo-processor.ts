import {
  AlphaAction,
  initializeImageMagick,
  type IMagickImage,
  MagickColors,
  MagickFormat,
  MagickGeometry,
  MagickImage,
} from '@imagemagick/magick-wasm';
import { type PhotoError, photoLimits } from '../../domain/photos/photos';
import type { ChosenPhoto, PhotoProcessor } from '../../domain/ports/photos';

type Outcome = Awaited<ReturnType<PhotoProcessor['process']>>;

const refused = (error: PhotoError) => ({ ok: false, error }) as const;

/** The formats a visitor may send, as ImageMagick names what it finds in the bytes, never the name or type header. */
const acceptedFormats = new Set<string>([MagickFormat.Jpeg, MagickFormat.Png, MagickFormat.WebP, MagickFormat.Heic, MagickFormat.Avif]);

/** The same encodings as our server's (sharp-photo-processor.ts): the photo as kept, and its thumbnail. */
const keptQuality = 82;
const thumbnailQuality = 78;

/** Loads ImageMagick from its WebAssembly module's bytes (`@imagemagick/magick-wasm/magick.wasm`), once per process. */
export async function loadMagickPhotoProcessor(wasm: Uint8Array): Promise<PhotoProcessor> {
  await initializeImageMagick(wasm);
  return new MagickPhotoProcessor();
}

/**
 * The photo processor where sharp cannot load: in Supabase's edge runtime, which runs WebAssembly but
 * no native module. ImageMagick compiled to WebAssembly (the library Supabase's own guide uses) reads
 * what a file is from its content, refuses a decompression bomb from its header before decoding it,
 * turns the photo the right way up and re-encodes it as a JPEG at most 2048 px on the long side, with a
 * thumbnail, after stripping every profile and comment (EXIF, GPS, XMP, IPTC, ICC).
 *
 * ImageMagick's calls are synchronous and hold the thread: photos are processed one at a time.
 */
class MagickPhotoProcessor implements PhotoProcessor {
  #turn: Promise<unknown> = Promise.resolve();

  async process(photo: ChosenPhoto): Promise<Outcome> {
    if (photo.size > photoLimits.maxBytes) return refused({ kind: 'too-large', file: photo.name });
    const input = new Uint8Array(await photo.arrayBuffer());
    if (input.byteLength > photoLimits.maxBytes) return refused({ kind: 'too-large', file: photo.name });
    const result = this.#turn.then(() => processNow(photo.name, input));
    this.#turn = result.catch(() => undefined);
    return result;
  }
}

function processNow(file: string, input: Uint8Array): Outcome {
  const judged = judge(file, input);
  if (!judged.ok) return judged;
  const image = MagickImage.create();
  // A damaged file reads with a warning (a truncated JPEG comes out grey below the cut): refused, as sharp refuses it.
  const warnings: unknown[] = [];
  image.onWarning = (warning) => warnings.push(warning);
  try {
    image.read(input);
    if (warnings.length > 0) return refused({ kind: 'cannot-decode', file });
    image.autoOrient();
    if (image.hasAlpha) {
      image.backgroundColor = MagickColors.White;
      image.alpha(AlphaAction.Remove);
    }
    image.strip();
    image.resize(shrinkOnly(photoLimits.maxLongSide));
    const full = encodeJpeg(image, keptQuality);
    image.thumbnail(shrinkOnly(photoLimits.thumbnailLongSide));
    image.strip();
    const thumbnail = encodeJpeg(image, thumbnailQuality);
    return { ok: true, photo: { contentType: 'image/jpeg', ...full, thumbnail } };
  } catch {
    return refused({ kind: 'cannot-decode', file });
  } finally {
    image.dispose();
  }
}

/** What the file is and how many pixels it holds, from its header alone (ImageMagick's ping). */
function judge(file: string, input: Uint8Array): { ok: true } | { ok: false; error: PhotoError } {
  const header = MagickImage.create();
  try {
    header.ping(input);
    if (!acceptedFormats.has(header.format)) return refused({ kind: 'not-an-image', file });
    if (header.width * header.height > photoLimits.maxPixels) return refused({ kind: 'too-many-pixels', file });
    return { ok: true };
  } catch {
    return refused({ kind: 'not-an-image', file });
  } finally {
    header.dispose();
  }
}

/** A box `longSide` square that an image is shrunk into, keeping its shape, and never enlarged. */
function shrinkOnly(longSide: number): MagickGeometry {
  const box = new MagickGeometry(longSide, longSide);
  box.greater = true;
  return box;
}

function encodeJpeg(image: IMagickImage, quality: number): { width: number; height: number; body: Uint8Array } {
  image.quality = quality;
  return image.write(MagickFormat.Jpeg, (data) => ({ width: image.width, height: image.height, body: new Uint8Array(data) }));
}
