import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { QuoteRepository } from '../domain/ports';
import type { NewQuote, QuoteRequest } from '../domain/quote';
import { newQuoteArb } from '../fixtures/quote-arbitraries.test-support';
import { manualClock } from '../fixtures/manual-clock';

interface RepositoryUnderTest {
  repository: QuoteRepository;
  cleanup?: () => Promise<void>;
}

/**
 * Makes an empty repository whose `insert` stamps `createdAt` with `now()`, so the tests control time.
 * Each call must give a repository of its own: the tests never share one.
 */
type MakeRepository = (options: { now: () => Date }) => Promise<RepositoryUnderTest> | RepositoryUnderTest;

const quote: NewQuote = {
  name: 'Aisha Mensah',
  email: 'aisha.mensah@example.org',
  phone: '07700 900234',
  serviceType: 'heating',
  description: 'Two radiators stay cold at the top.',
  urgent: false,
};

async function withRepository(
  make: MakeRepository,
  now: () => Date,
  use: (repository: QuoteRepository) => Promise<void>,
): Promise<void> {
  const { repository, cleanup } = await make({ now });
  try {
    await use(repository);
  } finally {
    await cleanup?.();
  }
}

const fieldsOf = ({ name, email, phone, serviceType, description, urgent }: NewQuote) =>
  JSON.stringify([name, email, phone, serviceType, description, urgent]);

interface ContractOptions {
  /**
   * 'unsupported' for an adapter that leaves purging to the store behind it (the REST client: the
   * server purges on its own). The suite then checks that the call rejects and deletes nothing.
   */
  deleteCreatedBefore?: 'supported' | 'unsupported';
}

/** The behaviour every QuoteRepository adapter must have; call it from the adapter's test file. */
export function quoteRepositoryContract(name: string, make: MakeRepository, options: ContractOptions = {}): void {
  const purges = options.deleteCreatedBefore !== 'unsupported';
  describe(name, () => {
    test('insert returns the quote with an id and the time it was stored', async () => {
      const clock = manualClock();
      await withRepository(make, clock.now, async (repository) => {
        const { id, createdAt, ...fields } = await repository.insert(quote);
        expect(fields).toEqual(quote);
        expect(typeof id).toBe('string');
        expect(id).not.toBe('');
        expect(createdAt).toBeInstanceOf(Date);
        expect(createdAt).toEqual(clock.now());
      });
    });

    test('every insert gets an id of its own', async () => {
      await withRepository(make, manualClock().now, async (repository) => {
        const stored: QuoteRequest[] = [];
        for (let i = 0; i < 5; i++) stored.push(await repository.insert(quote));
        expect(new Set(stored.map(({ id }) => id)).size).toBe(5);
      });
    });

    test('an empty repository lists nothing', async () => {
      await withRepository(make, manualClock().now, async (repository) => {
        expect(await repository.listNewestFirst()).toEqual([]);
      });
    });

    test('lists every quote, newest first by createdAt rather than by insertion', async () => {
      const clock = manualClock('2024-05-01T10:00:00Z');
      await withRepository(make, clock.now, async (repository) => {
        const ten = await repository.insert({ ...quote, name: 'At ten' });
        clock.time = Date.parse('2024-05-01T12:00:00Z');
        const twelve = await repository.insert({ ...quote, name: 'At twelve' });
        clock.time = Date.parse('2024-05-01T11:00:00Z');
        const eleven = await repository.insert({ ...quote, name: 'At eleven' });

        expect(await repository.listNewestFirst()).toEqual([twelve, eleven, ten]);
      });
    });

    test('empty optional fields stay null and filled ones keep their text', async () => {
      await withRepository(make, manualClock().now, async (repository) => {
        await repository.insert({ ...quote, email: null, description: null, urgent: true });
        const [listed] = await repository.listNewestFirst();
        expect(listed).toMatchObject({ email: null, description: null, urgent: true, name: quote.name });
      });
    });

    test('any sequence of quotes inserted comes back, newest first', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(newQuoteArb, { maxLength: 8 }), async (quotes) => {
          const clock = manualClock();
          await withRepository(make, clock.now, async (repository) => {
            for (const newQuote of quotes) {
              await repository.insert(newQuote);
              clock.time += 60_000;
            }
            const listed = await repository.listNewestFirst();
            expect(listed.map(fieldsOf).sort()).toEqual(quotes.map(fieldsOf).sort());
            const times = listed.map(({ createdAt }) => createdAt.getTime());
            expect(times).toEqual([...times].sort((a, b) => b - a));
          });
        }),
        { numRuns: 30 },
      );
    });

    test('delete removes that request and answers true; the others stay as they were', async () => {
      const clock = manualClock();
      await withRepository(make, clock.now, async (repository) => {
        const first = await repository.insert({ ...quote, name: 'First' });
        clock.time += 60_000;
        const second = await repository.insert({ ...quote, name: 'Second' });
        clock.time += 60_000;
        const third = await repository.insert({ ...quote, name: 'Third' });

        expect(await repository.delete(second.id)).toBe(true);
        expect(await repository.listNewestFirst()).toEqual([third, first]);
      });
    });

    test('delete of an id that is not there answers false and changes nothing', async () => {
      await withRepository(make, manualClock().now, async (repository) => {
        const stored = await repository.insert(quote);
        expect(await repository.delete('no-such-id')).toBe(false);
        expect(await repository.delete('00000000-0000-4000-8000-000000000000')).toBe(false);
        expect(await repository.listNewestFirst()).toEqual([stored]);
      });
    });

    test('a deleted request stays gone: deleting it again answers false, and new ones are still stored', async () => {
      const clock = manualClock();
      await withRepository(make, clock.now, async (repository) => {
        const gone = await repository.insert(quote);
        expect(await repository.delete(gone.id)).toBe(true);
        expect(await repository.delete(gone.id)).toBe(false);
        expect(await repository.listNewestFirst()).toEqual([]);

        clock.time += 60_000;
        const next = await repository.insert({ ...quote, name: 'After the delete' });
        expect(next.id).not.toBe(gone.id);
        expect(await repository.listNewestFirst()).toEqual([next]);
      });
    });

    if (!purges) {
      test('deleteCreatedBefore is not offered here: it rejects and deletes nothing', async () => {
        const clock = manualClock();
        await withRepository(make, clock.now, async (repository) => {
          const stored = await repository.insert(quote);
          await expect(repository.deleteCreatedBefore(new Date('2100-01-01T00:00:00Z'))).rejects.toThrow(Error);
          expect(await repository.listNewestFirst()).toEqual([stored]);
        });
      });
      return;
    }

    test('deleteCreatedBefore removes exactly the requests stored before the cutoff, and counts them', async () => {
      const clock = manualClock('2024-05-01T10:00:00.000Z');
      await withRepository(make, clock.now, async (repository) => {
        await repository.insert({ ...quote, name: 'At ten' });
        clock.time = Date.parse('2024-05-01T10:59:59.999Z');
        await repository.insert({ ...quote, name: 'A millisecond before eleven' });
        clock.time = Date.parse('2024-05-01T11:00:00.000Z');
        const eleven = await repository.insert({ ...quote, name: 'At eleven' });
        clock.time = Date.parse('2024-05-01T12:00:00.000Z');
        const twelve = await repository.insert({ ...quote, name: 'At twelve' });

        expect(await repository.deleteCreatedBefore(new Date('2024-05-01T11:00:00.000Z'))).toBe(2);
        expect(await repository.listNewestFirst()).toEqual([twelve, eleven]);
      });
    });

    test('deleteCreatedBefore on nothing old enough deletes nothing and answers 0', async () => {
      await withRepository(make, manualClock('2024-05-01T10:00:00Z').now, async (repository) => {
        expect(await repository.deleteCreatedBefore(new Date('2024-05-01T10:00:00Z'))).toBe(0);
        const stored = await repository.insert(quote);
        expect(await repository.deleteCreatedBefore(new Date('2024-05-01T10:00:00Z'))).toBe(0);
        expect(await repository.listNewestFirst()).toEqual([stored]);
      });
    });

    test('after deleteCreatedBefore nothing older than the cutoff remains, and everything else does', async () => {
      const minute = 60_000;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 8 }),
          fc.integer({ min: -1, max: 101 }),
          async (minutes, cutoffMinute) => {
            const clock = manualClock();
            const start = clock.time;
            await withRepository(make, clock.now, async (repository) => {
              for (const offset of minutes) {
                clock.time = start + offset * minute;
                await repository.insert({ ...quote, name: `At minute ${offset}` });
              }
              const deleted = await repository.deleteCreatedBefore(new Date(start + cutoffMinute * minute));

              const kept = minutes.filter((offset) => offset >= cutoffMinute);
              expect(deleted).toBe(minutes.length - kept.length);
              const listed = await repository.listNewestFirst();
              expect(listed.map(({ name }) => name).sort()).toEqual(kept.map((offset) => `At minute ${offset}`).sort());
            });
          },
        ),
        { numRuns: 20 },
      );
    });
  });
}
