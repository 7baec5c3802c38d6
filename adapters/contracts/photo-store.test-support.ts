import { describe, expect, test } from 'vitest';
import { allView, defaultInboxQuery, type InboxQuery } from '../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { ProcessedPhoto } from '../../domain/photos/photos';
import type { CustomerDataStore } from '../../domain/ports/customer-data-store';
import type { PhotoStore } from '../../domain/ports/photos';
import type { NewQuote } from '../../domain/quote/quote';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { readAll, type RetainingStoreUnderTest, withStore } from './store-under-test.test-support';

/** What a store holds of photos beside what its ports answer: rows and files, for the tests that look inside. */
interface PhotoLeftovers {
  /** Photo rows (or records) still held. */
  rows: number;
  /** Photo files still on disk or in a bucket, by their path; none for a store that keeps no files. */
  files: readonly string[];
}

/** A store that keeps the photos sent with requests, as the photo contract drives it. */
interface PhotoStoreUnderTest extends RetainingStoreUnderTest {
  photos: PhotoStore;
  customerData: CustomerDataStore;
  /** Every photo row and file the store still holds; absent where nothing can be seen but through the ports. */
  leftovers?: () => Promise<PhotoLeftovers>;
}

export type MakePhotoStore = (options: { now: () => Date }) => Promise<PhotoStoreUnderTest> | PhotoStoreUnderTest;

/** A photo as the processor hands it over; the store keeps bytes as they are, whatever they hold. */
export function samplePhoto(seed: number, { width = 2048, height = 1536 }: { width?: number; height?: number } = {}): ProcessedPhoto {
  const bytes = (length: number, salt: number) => Uint8Array.from({ length }, (_, index) => (index * 31 + seed * 7 + salt) % 256);
  return {
    contentType: 'image/jpeg',
    width,
    height,
    body: bytes(3000 + seed, 1),
    thumbnail: { width: Math.round((width * 320) / Math.max(width, height)), height: Math.round((height * 320) / Math.max(width, height)), body: bytes(500 + seed, 2) },
  };
}

const everything: InboxQuery = { ...defaultInboxQuery, view: allView };

async function listed(store: PhotoStoreUnderTest, now: Date): Promise<InboxQuote[]> {
  return (await readAll(store.inbox, everything, now)).quotes;
}

/** The photos of requests that are gone, by request: what the test saw of them before. */
type GonePhotos = readonly { quoteId: string; photoIds: readonly string[] }[];

async function expectUnreadable(store: PhotoStoreUnderTest, gone: GonePhotos): Promise<void> {
  for (const { quoteId, photoIds } of gone) {
    for (const photoId of photoIds) {
      expect(await store.photos.read(quoteId, photoId, 'full')).toBeUndefined();
      expect(await store.photos.read(quoteId, photoId, 'thumbnail')).toBeUndefined();
    }
  }
}

/** Nothing is left of the photos of requests that are gone: staff can read none, and no row and no file remains. */
async function expectNothingLeft(store: PhotoStoreUnderTest, gone: GonePhotos): Promise<void> {
  await expectUnreadable(store, gone);
  if (store.leftovers) expect(await store.leftovers()).toEqual({ rows: 0, files: [] });
}

/**
 * The behaviour every store of photos must have: a request's photos are kept with it, all or none, in
 * the order sent; read back byte for byte, full size and thumbnail; and gone, every row and file, when
 * the request is deleted, purged or erased, at once, sparing every other request's.
 */
export function photoStoreContract(
  name: string,
  make: MakePhotoStore,
  /** A request the store refuses to keep (a constraint of its own); absent where the store refuses none. */
  { rejectedQuote }: { rejectedQuote?: NewQuote } = {},
): void {
  describe(`${name} as a PhotoStore`, () => {
    test('keeps the photos sent with a request, in order, and reads each back byte for byte', async () => {
      const clock = manualClock('2024-05-01T09:00:00.000Z');
      await withStore(make, clock.now, async (store) => {
        const sent = [samplePhoto(1), samplePhoto(2, { width: 1536, height: 2048 })];
        const stored = await store.repository.insert(sampleQuote({ name: 'With photos' }), sent);
        const without = await store.repository.insert(sampleQuote({ name: 'Without photos' }));

        const quotes = await listed(store, clock.now());
        expect(quotes.find(({ id }) => id === without.id)?.photos).toEqual([]);
        const photos = quotes.find(({ id }) => id === stored.id)?.photos ?? [];
        expect(photos.map(({ width, height, thumbnailWidth, thumbnailHeight }) => ({ width, height, thumbnailWidth, thumbnailHeight }))).toEqual([
          { width: 2048, height: 1536, thumbnailWidth: 320, thumbnailHeight: 240 },
          { width: 1536, height: 2048, thumbnailWidth: 240, thumbnailHeight: 320 },
        ]);
        expect(new Set(photos.map(({ id }) => id)).size).toBe(2);
        for (const [index, photo] of photos.entries()) {
          const full = await store.photos.read(stored.id, photo.id, 'full');
          const thumbnail = await store.photos.read(stored.id, photo.id, 'thumbnail');
          expect(full?.contentType).toBe('image/jpeg');
          expect(thumbnail?.contentType).toBe('image/jpeg');
          expect(Buffer.from(full?.body ?? [])).toEqual(Buffer.from(sent[index]?.body ?? [1]));
          expect(Buffer.from(thumbnail?.body ?? [])).toEqual(Buffer.from(sent[index]?.thumbnail.body ?? [1]));
        }
        if (store.leftovers) expect((await store.leftovers()).rows).toBe(2);
      });
    });

    test('a photo not of that request, or of none, is not there', async () => {
      const clock = manualClock('2024-05-01T09:00:00.000Z');
      await withStore(make, clock.now, async (store) => {
        const first = await store.repository.insert(sampleQuote({ name: 'First' }), [samplePhoto(1)]);
        const second = await store.repository.insert(sampleQuote({ name: 'Second' }), [samplePhoto(2)]);
        const photoOf = async (id: string) => (await listed(store, clock.now())).find((quote) => quote.id === id)?.photos[0]?.id ?? 'missing';
        const firstPhoto = await photoOf(first.id);
        expect(await store.photos.read(first.id, firstPhoto, 'full')).toBeDefined();

        expect(await store.photos.read(second.id, firstPhoto, 'full')).toBeUndefined();
        expect(await store.photos.read(second.id, firstPhoto, 'thumbnail')).toBeUndefined();
        expect(await store.photos.read(first.id, crypto.randomUUID(), 'full')).toBeUndefined();
        expect(await store.photos.read(crypto.randomUUID(), firstPhoto, 'full')).toBeUndefined();
        expect(await store.photos.read('../../etc', 'passwd', 'full')).toBeUndefined();
      });
    });

    test('deleting a request deletes its photos, every row and file, and no other request’s', async () => {
      const clock = manualClock('2024-05-01T09:00:00.000Z');
      await withStore(make, clock.now, async (store) => {
        const gone = await store.repository.insert(sampleQuote({ name: 'Deleted' }), [samplePhoto(1), samplePhoto(2)]);
        const kept = await store.repository.insert(sampleQuote({ name: 'Kept' }), [samplePhoto(3)]);
        const before = await listed(store, clock.now());
        const photoIds = (id: string) => before.find((quote) => quote.id === id)?.photos.map((photo) => photo.id) ?? [];

        expect(await store.repository.delete(gone.id)).toBe(true);
        const [keptPhoto] = photoIds(kept.id);
        expect(await store.photos.read(kept.id, keptPhoto ?? 'missing', 'full')).toBeDefined();
        expect(await store.repository.delete(kept.id)).toBe(true);
        await expectNothingLeft(store, [
          { quoteId: gone.id, photoIds: photoIds(gone.id) },
          { quoteId: kept.id, photoIds: photoIds(kept.id) },
        ]);
      });
    });

    test('the retention purge deletes the photos of the requests it deletes, and keeps the others', async () => {
      const clock = manualClock('2024-05-01T09:00:00.000Z');
      await withStore(make, clock.now, async (store) => {
        const old = await store.repository.insert(sampleQuote({ name: 'Old' }), [samplePhoto(1), samplePhoto(2)]);
        clock.time = Date.parse('2024-06-01T09:00:00.000Z');
        const recent = await store.repository.insert(sampleQuote({ name: 'Recent' }), [samplePhoto(3)]);
        const before = await listed(store, clock.now());
        const photoIds = (id: string) => before.find((quote) => quote.id === id)?.photos.map((photo) => photo.id) ?? [];

        expect(await store.retention.deleteCreatedBefore(new Date('2024-05-15T00:00:00.000Z'))).toBe(1);
        await expectUnreadable(store, [{ quoteId: old.id, photoIds: photoIds(old.id) }]);
        const [recentPhoto] = photoIds(recent.id);
        expect(await store.photos.read(recent.id, recentPhoto ?? 'missing', 'thumbnail')).toBeDefined();
        if (store.leftovers) expect((await store.leftovers()).rows).toBe(1);

        expect(await store.retention.deleteCreatedBefore(new Date('2024-07-01T00:00:00.000Z'))).toBe(1);
        await expectNothingLeft(store, [
          { quoteId: old.id, photoIds: photoIds(old.id) },
          { quoteId: recent.id, photoIds: photoIds(recent.id) },
        ]);
      });
    });

    test('erasing a customer’s data deletes the photos of their requests, and no one else’s', async () => {
      const clock = manualClock('2024-05-01T09:00:00.000Z');
      await withStore(make, clock.now, async (store) => {
        const theirs = await store.repository.insert(sampleQuote({ name: 'Priya', email: 'priya.raman@example.co.uk', phone: '020 7946 0718' }), [
          samplePhoto(1),
          samplePhoto(2),
        ]);
        const other = await store.repository.insert(sampleQuote({ name: 'Tom', email: 'tom@example.com', phone: '07700 900555' }), [samplePhoto(3)]);
        const before = await listed(store, clock.now());
        const photoIds = (id: string) => before.find((quote) => quote.id === id)?.photos.map((photo) => photo.id) ?? [];

        expect((await store.customerData.findCustomerData({ email: 'priya.raman@example.co.uk', phone: null })).requests[0]?.photos).toHaveLength(2);
        expect((await store.customerData.eraseCustomerData({ email: 'priya.raman@example.co.uk', phone: null })).requests).toBe(1);
        await expectUnreadable(store, [{ quoteId: theirs.id, photoIds: photoIds(theirs.id) }]);
        const [otherPhoto] = photoIds(other.id);
        expect(await store.photos.read(other.id, otherPhoto ?? 'missing', 'full')).toBeDefined();

        await store.customerData.eraseCustomerData({ email: 'tom@example.com', phone: null });
        await expectNothingLeft(store, [
          { quoteId: theirs.id, photoIds: photoIds(theirs.id) },
          { quoteId: other.id, photoIds: photoIds(other.id) },
        ]);
      });
    });

    // A store that sends the files before the request (Supabase) cannot take them back when the request
    // is refused: there, "keeps nothing" is nothing staff see at once, and no file once its later
    // removal step has run. A store that removes at once keeps no file even before.
    test.runIf(rejectedQuote !== undefined)('a request the store refuses keeps none of its photos: nothing staff see, no row, no file', async () => {
      const clock = manualClock('2024-05-01T09:00:00.000Z');
      await withStore(make, clock.now, async (store) => {
        await expect(store.repository.insert(rejectedQuote ?? sampleQuote(), [samplePhoto(1), samplePhoto(2)])).rejects.toThrow();
        expect(await listed(store, clock.now())).toEqual([]);
        if (store.leftovers) expect(await store.leftovers()).toEqual({ rows: 0, files: [] });
      });
    });
  });
}
