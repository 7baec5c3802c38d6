import { expect, test } from 'vitest';
import { CanvasPhotoProcessor, sniffPhotoType } from './canvas-photo-processor';

const ascii = (text: string) => Array.from(text, (character) => character.charCodeAt(0));
const head = (...bytes: number[]) => new Uint8Array([...bytes, ...new Array<number>(16).fill(0)].slice(0, 16));

test('a file is judged by its first bytes: JPEG, PNG, WebP and HEIC/HEIF are photos; anything else is not', () => {
  expect(sniffPhotoType(head(0xff, 0xd8, 0xff, 0xe1))).toBe('jpeg');
  expect(sniffPhotoType(head(0x89, ...ascii('PNG\r\n\x1a\n')))).toBe('png');
  expect(sniffPhotoType(head(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBP')))).toBe('webp');
  for (const brand of ['heic', 'heix', 'mif1', 'msf1', 'hevc']) expect(sniffPhotoType(head(0, 0, 0, 0x18, ...ascii(`ftyp${brand}`))), brand).toBe('heif');
  // An AVIF, a PDF, a GIF and a text file named like a photo are not what the field takes.
  expect(sniffPhotoType(head(0, 0, 0, 0x18, ...ascii('ftypavif')))).toBeUndefined();
  expect(sniffPhotoType(head(...ascii('%PDF-1.7')))).toBeUndefined();
  expect(sniffPhotoType(head(...ascii('GIF89a')))).toBeUndefined();
  expect(sniffPhotoType(head(...ascii('hello')))).toBeUndefined();
});

test('a file over the size limit, or not a photo, is refused before anything is decoded, naming the file', async () => {
  const processor = new CanvasPhotoProcessor();
  const big = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'huge.jpg', { type: 'image/jpeg' });
  Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });

  expect(await processor.process(big)).toEqual({ ok: false, error: { kind: 'too-large', file: 'huge.jpg' } });
  expect(await processor.process(new File(['not a photo'], 'boiler.jpg', { type: 'image/jpeg' }))).toEqual({
    ok: false,
    error: { kind: 'not-an-image', file: 'boiler.jpg' },
  });
});
