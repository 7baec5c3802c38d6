import { expect, test } from 'vitest';
import { InMemoryNotifier } from '../../adapters/memory/in-memory-notifier';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import { PhotoRejected, type QuoteWithPhotosSender } from '../ports/photos';
import { RateLimited } from './rate-limited';
import { sendQuoteWithPhotos } from './send-quote-with-photos';
import { sampleCustomerToken, sampleDraft } from '../../fixtures/sample-request.test-support';

const photo = { name: 'boiler.jpg', type: 'image/jpeg', size: 3, arrayBuffer: () => Promise.resolve(new ArrayBuffer(3)) };

function senderThat(answer: 'store' | Error) {
  const sent: string[] = [];
  const sender: QuoteWithPhotosSender = {
    send: (quote, photos, onProgress) => {
      sent.push(`${quote.name}: ${photos.map(({ name }) => name).join(', ')}`);
      onProgress(1);
      return answer === 'store'
        ? Promise.resolve({ ...quote, id: 'q-1', createdAt: new Date('2026-11-24T01:00:00Z'), customerToken: sampleCustomerToken })
        : Promise.reject(answer);
    },
  };
  return { sender, sent };
}

test('a valid request goes with its photos, its progress reported, and the business is told', async () => {
  const { sender, sent } = senderThat('store');
  const notifier = new InMemoryNotifier();
  const progress: number[] = [];

  const result = await sendQuoteWithPhotos({ photos: sender, notifier, logger: recordingLogger().logger }, sampleDraft(), [photo], (fraction) => progress.push(fraction));

  expect(result).toMatchObject({ ok: true, quote: { id: 'q-1' } });
  expect(sent).toEqual([`${sampleDraft().name}: boiler.jpg`]);
  expect(progress).toEqual([1]);
  expect(notifier.sent.map(({ id }) => id)).toEqual(['q-1']);
});

test('an invalid request sends nothing, photos included', async () => {
  const { sender, sent } = senderThat('store');
  const result = await sendQuoteWithPhotos({ photos: sender, notifier: new InMemoryNotifier(), logger: recordingLogger().logger }, sampleDraft({ name: '' }), [photo], () => undefined);
  expect(result).toEqual({ ok: false, error: { kind: 'missing-fields', fields: ['name'] } });
  expect(sent).toEqual([]);
});

test('a refused photo, a wait and a failure each come back as what happened; only the failure is logged', async () => {
  const run = (error: Error) => {
    const { logger, errors } = recordingLogger();
    return sendQuoteWithPhotos({ photos: senderThat(error).sender, notifier: new InMemoryNotifier(), logger }, sampleDraft(), [photo], () => undefined).then((result) => ({
      result,
      logged: errors.map(({ message }) => message),
    }));
  };

  expect(await run(new PhotoRejected({ kind: 'cannot-decode', file: 'boiler.jpg' }))).toEqual({
    result: { ok: false, error: { kind: 'photo-refused', photo: { kind: 'cannot-decode', file: 'boiler.jpg' } } },
    logged: [],
  });
  expect(await run(new RateLimited(30))).toEqual({ result: { ok: false, error: { kind: 'rate-limited', retryAfterSeconds: 30 } }, logged: [] });
  expect(await run(new Error('offline'))).toEqual({ result: { ok: false, error: { kind: 'storage-failure' } }, logged: ['Storing a quote request with photos failed'] });
});
