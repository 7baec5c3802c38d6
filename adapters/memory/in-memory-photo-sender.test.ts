import { expect, test } from 'vitest';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import type { PhotoError, ProcessedPhoto } from '../../domain/photos/photos';
import { type ChosenPhoto, type PhotoProcessor, PhotoRejected } from '../../domain/ports/photos';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { InMemoryPhotoSender } from './in-memory-photo-sender.test-support';
import { InMemoryQuoteRepository } from './in-memory-quote-repository';
import { ObjectUrlPhotoLinks } from './object-url-photo-links.test-support';

const chosen = (name: string): ChosenPhoto => ({ name, type: 'image/jpeg', size: 1, arrayBuffer: () => Promise.resolve(new Uint8Array([name.length]).buffer) });

/** Keeps each photo's one byte as it is; refuses a file called "bad.jpg". */
const processor: PhotoProcessor = {
  process: async (photo): Promise<{ ok: true; photo: ProcessedPhoto } | { ok: false; error: PhotoError }> => {
    if (photo.name === 'bad.jpg') return { ok: false, error: { kind: 'not-an-image', file: photo.name } };
    const body = new Uint8Array(await photo.arrayBuffer());
    return { ok: true, photo: { contentType: 'image/jpeg', width: 20, height: 10, body, thumbnail: { width: 2, height: 1, body } } };
  },
};

test('each photo is processed, the progress told, and the request stored with them; staff read them back by object URL', async () => {
  const store = new InMemoryQuoteRepository();
  const progress: number[] = [];

  const stored = await new InMemoryPhotoSender({ quotes: store, processor }).send(sampleQuote(), [chosen('a.jpg'), chosen('bb.jpg')], (fraction) => progress.push(fraction));

  expect(progress).toEqual([0, 0.5, 1]);
  const [kept] = (await store.findPage({ query: { ...defaultInboxQuery, view: 'all' }, after: null, limit: 10, now: new Date() })).quotes;
  expect(kept?.id).toBe(stored.id);
  expect(kept?.photos.map(({ width, thumbnailWidth }) => [width, thumbnailWidth])).toEqual([
    [20, 2],
    [20, 2],
  ]);
  const second = kept?.photos[1];
  if (!second) throw new Error('no second photo');
  expect((await store.read(stored.id, second.id, 'full'))?.body).toEqual(new Uint8Array([6]));

  const links = new ObjectUrlPhotoLinks(store);
  const url = await links.photoUrl(stored.id, second, 'thumbnail');
  expect(url).toMatch(/^blob:/);
  expect(await links.photoUrl(stored.id, second, 'thumbnail')).toBe(url);
  await expect(links.photoUrl(stored.id, { ...second, id: 'none' }, 'full')).rejects.toThrow(`The request ${stored.id} has no photo none`);
});

test('a refused photo, or one too many, stores nothing', async () => {
  const store = new InMemoryQuoteRepository();
  const sender = new InMemoryPhotoSender({ quotes: store, processor });

  await expect(sender.send(sampleQuote(), [chosen('a.jpg'), chosen('bad.jpg')], () => undefined)).rejects.toEqual(new PhotoRejected({ kind: 'not-an-image', file: 'bad.jpg' }));
  const six = Array.from({ length: 6 }, (_, index) => chosen(`${String(index)}.jpg`));
  await expect(sender.send(sampleQuote(), six, () => undefined)).rejects.toMatchObject({ error: { kind: 'too-many', count: 6 } });
  expect((await store.clockRecords(new Date(0))).length).toBe(0);
});
