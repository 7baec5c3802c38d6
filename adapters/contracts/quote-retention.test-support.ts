import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { NewQuote } from '../../domain/quote/quote';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { inEmptiedStore, listAll, type MakeRetainingStore, requestOf, withStore } from './store-under-test.test-support';

const quote: NewQuote = sampleQuote();

/**
 * The behaviour every QuoteRetention adapter must have; call it from the adapter's test file with a
 * store that also stores and lists requests, so what the purge leaves can be read back.
 */
export function quoteRetentionContract(name: string, make: MakeRetainingStore): void {
  describe(`${name} as a QuoteRetention`, () => {
    test('deleteCreatedBefore removes exactly the requests stored before the cutoff, and counts them', async () => {
      const clock = manualClock('2024-05-01T10:00:00.000Z');
      await withStore(make, clock.now, async ({ repository, retention, inbox }) => {
        await repository.insert({ ...quote, name: 'At ten' });
        clock.time = Date.parse('2024-05-01T10:59:59.999Z');
        await repository.insert({ ...quote, name: 'A millisecond before eleven' });
        clock.time = Date.parse('2024-05-01T11:00:00.000Z');
        const eleven = requestOf(await repository.insert({ ...quote, name: 'At eleven' }));
        clock.time = Date.parse('2024-05-01T12:00:00.000Z');
        const twelve = requestOf(await repository.insert({ ...quote, name: 'At twelve' }));

        expect(await retention.deleteCreatedBefore(new Date('2024-05-01T11:00:00.000Z'))).toBe(2);
        expect(await listAll(inbox, clock.now())).toEqual([twelve, eleven]);
      });
    });

    test('deleteCreatedBefore on nothing old enough deletes nothing and answers 0', async () => {
      const clock = manualClock('2024-05-01T10:00:00Z');
      await withStore(make, clock.now, async ({ repository, retention, inbox }) => {
        expect(await retention.deleteCreatedBefore(new Date('2024-05-01T10:00:00Z'))).toBe(0);
        const stored = requestOf(await repository.insert(quote));
        expect(await retention.deleteCreatedBefore(new Date('2024-05-01T10:00:00Z'))).toBe(0);
        expect(await listAll(inbox, clock.now())).toEqual([stored]);
      });
    });

    test('after deleteCreatedBefore nothing older than the cutoff remains, and everything else does', async () => {
      const minute = 60_000;
      const clock = manualClock();
      const start = clock.time;
      await withStore(make, clock.now, async (shared) => {
        await fc.assert(
          fc.asyncProperty(
            fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 8 }),
            fc.integer({ min: -1, max: 101 }),
            async (minutes, cutoffMinute) => {
              await inEmptiedStore(shared, async ({ repository, retention, inbox }) => {
                for (const offset of minutes) {
                  clock.time = start + offset * minute;
                  await repository.insert({ ...quote, name: `At minute ${offset}` });
                }
                const deleted = await retention.deleteCreatedBefore(new Date(start + cutoffMinute * minute));

                const kept = minutes.filter((offset) => offset >= cutoffMinute);
                expect(deleted).toBe(minutes.length - kept.length);
                const listed = await listAll(inbox, clock.now());
                expect(listed.map(({ name }) => name).sort()).toEqual(kept.map((offset) => `At minute ${offset}`).sort());
              });
            },
          ),
          { numRuns: 20 },
        );
      });
    });
  });
}
