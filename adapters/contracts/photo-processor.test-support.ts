// Test-only: the behaviour every PhotoProcessor must have, whatever decodes the photos.
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { photoLimits } from '../../domain/photos/photos';
import type { PhotoProcessor } from '../../domain/ports/photos';
import { chosen, decompressionBomb, noisyJpeg, pdfBytes, sidewaysPhoneJpeg } from '../photos/test-photos.test-support';

async function colourAt(image: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { red: data[at] ?? 0, blue: data[at + 2] ?? 0 };
}

/**
 * Judged by content, upright, stripped of metadata, at most 2048 px (its thumbnail 320), a JPEG; a
 * file that is not a photo, a bomb, a damaged file or one too large refused by name.
 */
export function photoProcessorContract(name: string, make: () => Promise<PhotoProcessor>): void {
  describe(`${name} as a PhotoProcessor`, () => {
    let made: PhotoProcessor | undefined;
    let bomb: Uint8Array;
    const processor = (): PhotoProcessor => {
      if (made === undefined) throw new Error('the processor was not made');
      return made;
    };
    beforeAll(async () => {
      made = await make();
      bomb = await decompressionBomb();
    }, 60_000);

    test('a sideways phone photo is kept upright, with none of its metadata', async () => {
      const result = await processor().process(chosen('kitchen.jpg', await sidewaysPhoneJpeg(400, 300)));
      if (!result.ok) throw new Error(`refused: ${result.error.kind}`);
      const { photo } = result;
      expect(photo.contentType).toBe('image/jpeg');
      expect({ width: photo.width, height: photo.height }).toEqual({ width: 300, height: 400 });
      const kept = await sharp(photo.body).metadata();
      expect(kept.format).toBe('jpeg');
      expect({ width: kept.width, height: kept.height }).toEqual({ width: 300, height: 400 });
      expect(kept.orientation).toBeUndefined();
      expect(kept.exif).toBeUndefined();
      expect(kept.xmp).toBeUndefined();
      expect(kept.iptc).toBeUndefined();
      expect(kept.icc).toBeUndefined();
      expect(Buffer.from(photo.body).includes('PhoneMaker')).toBe(false);
      // Turned a quarter clockwise: the red top edge of the sideways original is now the right side.
      expect((await colourAt(photo.body, 290, 200)).red).toBeGreaterThan(200);
      expect((await colourAt(photo.body, 10, 200)).blue).toBeGreaterThan(200);

      const thumbnail = await sharp(photo.thumbnail.body).metadata();
      expect({ width: thumbnail.width, height: thumbnail.height }).toEqual({ width: 240, height: 320 });
      expect(photo.thumbnail).toMatchObject({ width: 240, height: 320 });
      expect(thumbnail.exif).toBeUndefined();
    });

    test('a large photo is kept at most 2048 px on its long side, its shape unchanged', async () => {
      const result = await processor().process(chosen('boiler.jpg', await noisyJpeg(4000, 3000, 40)));
      if (!result.ok) throw new Error(`refused: ${result.error.kind}`);
      expect(result.photo).toMatchObject({ width: 2048, height: 1536, thumbnail: { width: 320, height: 240 } });
      expect(await sharp(result.photo.body).metadata()).toMatchObject({ width: 2048, height: 1536 });
    });

    test('a small photo is not enlarged; a PNG with transparency becomes a JPEG', async () => {
      const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
      const result = await processor().process(chosen('leak.png', new Uint8Array(png), 'image/png'));
      if (!result.ok) throw new Error(`refused: ${result.error.kind}`);
      expect(result.photo).toMatchObject({ width: 200, height: 100, thumbnail: { width: 200, height: 100 } });
      expect((await sharp(result.photo.body).metadata()).format).toBe('jpeg');
    });

    test('a file is judged by its content: a PDF named .jpg and sent as image/jpeg is refused', async () => {
      expect(await processor().process(chosen('boiler.jpg', pdfBytes))).toEqual({ ok: false, error: { kind: 'not-an-image', file: 'boiler.jpg' } });
    });

    test('a decompression bomb is refused before it is decoded', async () => {
      const before = process.memoryUsage().rss;
      expect(await processor().process(chosen('bomb.png', bomb, 'image/png'))).toEqual({ ok: false, error: { kind: 'too-many-pixels', file: 'bomb.png' } });
      expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    });

    test('a photo over the size limit is refused by name', async () => {
      const big = new Uint8Array(photoLimits.maxBytes + 1);
      expect(await processor().process(chosen('huge.jpg', big))).toEqual({ ok: false, error: { kind: 'too-large', file: 'huge.jpg' } });
    });

    test('a damaged JPEG is refused as one we cannot open', async () => {
      const whole = await sidewaysPhoneJpeg(400, 300);
      const cut = whole.subarray(0, Math.round(whole.length * 0.6));
      expect(await processor().process(chosen('cut.jpg', cut))).toEqual({ ok: false, error: { kind: 'cannot-decode', file: 'cut.jpg' } });
    });

    test('a GIF is not one of the photos we take', async () => {
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } }).gif().toBuffer();
      expect(await processor().process(chosen('anim.gif', new Uint8Array(gif), 'image/gif'))).toEqual({ ok: false, error: { kind: 'not-an-image', file: 'anim.gif' } });
    });
  });
}
