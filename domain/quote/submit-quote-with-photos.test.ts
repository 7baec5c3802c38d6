import { expect, test } from 'vitest';
import type { PhotoError, ProcessedPhoto } from '../photos/photos';
import type { ChosenPhoto, PhotoProcessor } from '../ports/photos';
import type { NewQuote } from './quote';
import { submitQuoteWithPhotos } from './submit-quote';
import { sampleCustomerToken, sampleDraft } from '../../fixtures/sample-request.test-support';

const chosen = (name: string): ChosenPhoto => new File([name], name, { type: 'image/jpeg' });

const processed = (name: string): ProcessedPhoto => ({
  contentType: 'image/jpeg',
  width: 2,
  height: 1,
  body: new TextEncoder().encode(name),
  thumbnail: { width: 2, height: 1, body: new TextEncoder().encode(name) },
});

/** Processes each photo as its name says: a name in `refuse` is refused as not an image. */
function processorRefusing(...refuse: string[]): PhotoProcessor & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    process: (photo) => {
      seen.push(photo.name);
      const error: PhotoError = { kind: 'not-an-image', file: photo.name };
      return Promise.resolve(refuse.includes(photo.name) ? { ok: false, error } : { ok: true, photo: processed(photo.name) });
    },
  };
}

function recordingRepository() {
  const inserted: { quote: NewQuote; photos: readonly ProcessedPhoto[] | undefined }[] = [];
  return {
    inserted,
    insert: (quote: NewQuote, photos?: readonly ProcessedPhoto[]) => {
      inserted.push({ quote, photos });
      return Promise.resolve({ ...quote, id: 'q-1', createdAt: new Date('2026-11-24T09:00:00Z'), customerToken: sampleCustomerToken });
    },
  };
}

const notifier = { quoteSubmitted: () => Promise.resolve() };
const logger = { error: () => undefined };

test('every photo is processed, and the request is stored with all of them in one step', async () => {
  const quotes = recordingRepository();
  const processor = processorRefusing();
  const result = await submitQuoteWithPhotos({ quotes, notifier, logger, processor }, sampleDraft(), [chosen('a.jpg'), chosen('b.jpg')]);
  expect(result.ok).toBe(true);
  expect(quotes.inserted).toHaveLength(1);
  expect(quotes.inserted[0]?.photos?.map((photo) => new TextDecoder().decode(photo.body))).toEqual(['a.jpg', 'b.jpg']);
});

test('processing stops at the first refused photo, and nothing is stored', async () => {
  const quotes = recordingRepository();
  const processor = processorRefusing('b.pdf');
  const result = await submitQuoteWithPhotos({ quotes, notifier, logger, processor }, sampleDraft(), [chosen('a.jpg'), chosen('b.pdf'), chosen('c.jpg')]);
  expect(result).toEqual({ ok: false, error: { kind: 'photo-refused', photo: { kind: 'not-an-image', file: 'b.pdf' } } });
  expect(processor.seen).toEqual(['a.jpg', 'b.pdf']);
  expect(quotes.inserted).toEqual([]);
});

test('fields that break the rules are told before any photo is processed', async () => {
  const quotes = recordingRepository();
  const processor = processorRefusing();
  const result = await submitQuoteWithPhotos({ quotes, notifier, logger, processor }, sampleDraft({ phone: '' }), [chosen('a.jpg')]);
  expect(result).toMatchObject({ ok: false, error: { kind: 'missing-fields', fields: ['phone'] } });
  expect(processor.seen).toEqual([]);
  expect(quotes.inserted).toEqual([]);
});
