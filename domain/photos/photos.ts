// Photos of the job, sent with a quote request: the rules every mode keeps, and what staff are shown.

/** The form's field, in the page and in a multipart post. */
export const photoFieldName = 'photos';

/** What the form calls the field, and every message about it names. */
export const photoFieldLabel = 'Photos (optional)';

export const photoLimits = {
  /** Photos per request. */
  maxCount: 5,
  /** Bytes of one file as sent, before it is processed. */
  maxBytes: 10 * 1024 * 1024,
  /**
   * Pixels of one image as decoded: a 48-megapixel phone photo fits, a decompression bomb (a small
   * file that decodes to 20,000 × 20,000) does not.
   */
  maxPixels: 50_000_000,
  /** The long side of the photo as kept. */
  maxLongSide: 2048,
  /** The long side of its thumbnail. */
  thumbnailLongSide: 320,
} as const;

/** The types a visitor may send, for the file picker's `accept`; what a file *is* is judged by its content. */
export const acceptedPhotoTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;

/** Why a photo (or the set of them) was refused. `file` is the name the visitor's device gave it. */
export type PhotoError =
  | { kind: 'too-many'; count: number }
  | { kind: 'too-large'; file: string }
  | { kind: 'not-an-image'; file: string }
  | { kind: 'cannot-decode'; file: string }
  | { kind: 'too-many-pixels'; file: string };

const megabytes = (bytes: number) => `${String(Math.round(bytes / (1024 * 1024)))} MB`;

/** What the visitor is told, naming the field and the file, and what to do about it. */
export function photoErrorMessage(error: PhotoError): string {
  switch (error.kind) {
    case 'too-many':
      return `Photos: send at most ${String(photoLimits.maxCount)} photos (you chose ${String(error.count)})`;
    case 'too-large':
      return `Photos: ${error.file} is over ${megabytes(photoLimits.maxBytes)}. Send a smaller copy, or a screenshot of it`;
    case 'not-an-image':
      return `Photos: ${error.file} is not a photo we can read. Send a JPEG, PNG, WebP or HEIC image`;
    case 'cannot-decode':
      return `Photos: we cannot open ${error.file} (an iPhone HEIC photo, perhaps). Send it as a JPEG: on an iPhone, share it to Mail, or set Settings > Camera > Formats to Most Compatible`;
    case 'too-many-pixels':
      return `Photos: ${error.file} is too large a picture to open. Send a smaller copy, or a screenshot of it`;
  }
}

/** The long side scaled down to `longSide` at most, keeping the shape; never scaled up. */
export function fitWithin(width: number, height: number, longSide: number): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A photo as it is kept: upright, free of metadata, re-encoded, with its thumbnail. */
export interface ProcessedPhoto {
  /** Always `image/jpeg` as re-encoded; kept with the photo so a store never guesses. */
  contentType: 'image/jpeg';
  width: number;
  height: number;
  body: Uint8Array;
  thumbnail: { width: number; height: number; body: Uint8Array };
}

/** What staff see of a stored photo on a card: enough to lay it out before it loads. */
export interface PhotoRef {
  id: string;
  width: number;
  height: number;
  thumbnailWidth: number;
  thumbnailHeight: number;
}
