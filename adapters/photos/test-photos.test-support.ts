import sharp from 'sharp';
import type { ChosenPhoto } from '../../domain/ports/photos';

/** A file as a visitor's device would send it. */
export const chosen = (name: string, bytes: Uint8Array, type = 'image/jpeg'): ChosenPhoto => new File([Buffer.from(bytes)], name, { type });

/**
 * A phone photo as cameras write it: stored sideways (red along its top edge, blue below) with
 * EXIF orientation 6 telling viewers to turn it a quarter clockwise, and where it was taken in GPS.
 */
export async function sidewaysPhoneJpeg(width = 400, height = 300): Promise<Uint8Array> {
  const top = await sharp({ create: { width, height: Math.round(height / 2), channels: 3, background: '#ff0000' } }).png().toBuffer();
  const image = await sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: top, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Uint8Array(
    await sharp(image)
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Artist: 'A Visitor' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 5/1 0/1' },
      })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .toBuffer(),
  );
}

/** A 20,000 × 20,000 PNG of one colour: a few hundred kilobytes that would decode to 1.2 GB. */
export async function decompressionBomb(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 20_000, height: 20_000, channels: 3, background: '#808080' }, limitInputPixels: false })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}

/** A small PDF, to be sent under a photo's name. */
export const pdfBytes = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A JPEG of noise, which does not compress: its size grows with its pixels. */
export async function noisyJpeg(width: number, height: number, quality = 100): Promise<Uint8Array> {
  const pixels = new Uint8Array(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 2654435761) >>> 24;
  return new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer());
}
