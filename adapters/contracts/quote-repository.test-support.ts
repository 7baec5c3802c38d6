import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { customerTokenPattern } from '../../domain/customer-link/customer-link';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import type { NewlyStored } from '../../domain/ports/quote-repository';
import { type NewQuote, type QuoteRequest, quoteFieldList } from '../../domain/quote/quote';
import { newQuoteArb } from '../../fixtures/quote-arbitraries.test-support';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { inEmptiedStore, listAll, type MakeStore, readAll, requestOf, withStore } from './store-under-test.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';

const quote = sampleQuote();

const fieldsOf = (quote: NewQuote) => JSON.stringify(quoteFieldList.map((field) => quote[field]));

/**
 * The behaviour every QuoteRepository adapter must have; call it from the adapter's test file. What is
 * stored is read back through the same store's QuoteInbox (view 'all', newest first).
 */
export function quoteRepositoryContract(name: string, make: MakeStore): void {
  describe(name, () => {
    test('insert returns the quote with an id, the time it was stored, and a token for its customer', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository }) => {
        const { id, createdAt, customerToken, heldAsSpam, ...fields } = await repository.insert(quote);
        expect(fields).toEqual(quote);
        expect(customerToken).toMatch(customerTokenPattern);
        // Without how it arrived, a request is not judged.
        expect(heldAsSpam ?? false).toBe(false);
        expect(typeof id).toBe('string');
        expect(id).not.toBe('');
        expect(createdAt).toBeInstanceOf(Date);
        expect(createdAt).toEqual(clock.now());
      });
    });

    test('every insert gets an id and a customer token of its own', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository }) => {
        const stored: NewlyStored[] = [];
        for (let i = 0; i < 5; i++) stored.push(await repository.insert(quote));
        expect(new Set(stored.map(({ id }) => id)).size).toBe(5);
        expect(new Set(stored.map(({ customerToken }) => customerToken)).size).toBe(5);
      });
    });

    test('an empty repository lists nothing', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ inbox }) => {
        expect(await listAll(inbox, clock.now())).toEqual([]);
      });
    });

    test('a new request waits in the inbox: status new, no response, no history, no notes', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const stored = requestOf(await repository.insert(quote));
        const waiting = await inbox.findPage({ query: defaultInboxQuery, after: null, limit: 50, now: clock.now() });
        expect(waiting.total).toBe(1);
        expect(waiting.quotes).toMatchObject([{ ...stored, status: 'new', respondedAt: null, history: [], notes: [] }]);
      });
    });

    test('more requests than fit on a page are all read back once, following the cursors', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const stored: QuoteRequest[] = [];
        for (let i = 0; i < 7; i++) {
          stored.push(await repository.insert({ ...quote, name: `Request ${i}` }));
          clock.time += i % 2 === 0 ? 0 : 60_000;
        }
        const { quotes, totals } = await readAll(inbox, { ...defaultInboxQuery, view: 'all' }, clock.now(), 3);
        expect(totals).toEqual([7, 7, 7]);
        expect(quotes.map(({ id }) => id).sort()).toEqual(stored.map(({ id }) => id).sort());
      });
    });

    test('lists every quote, newest first by createdAt rather than by insertion', async () => {
      const clock = manualClock('2024-05-01T10:00:00Z');
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const ten = requestOf(await repository.insert({ ...quote, name: 'At ten' }));
        clock.time = Date.parse('2024-05-01T12:00:00Z');
        const twelve = requestOf(await repository.insert({ ...quote, name: 'At twelve' }));
        clock.time = Date.parse('2024-05-01T11:00:00Z');
        const eleven = requestOf(await repository.insert({ ...quote, name: 'At eleven' }));

        expect(await listAll(inbox, clock.now())).toEqual([twelve, eleven, ten]);
      });
    });

    test('empty optional fields stay null and filled ones keep their text', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        await repository.insert({ ...quote, email: null, description: null, urgent: true });
        const [listed] = await listAll(inbox, clock.now());
        expect(listed).toMatchObject({ email: null, description: null, urgent: true, name: quote.name });
      });
    });

    test('any sequence of quotes inserted comes back, newest first', async () => {
      const clock = manualClock();
      const start = clock.time;
      await withStore(make, clock.now, async (shared) => {
        await fc.assert(
          fc.asyncProperty(fc.array(newQuoteArb, { maxLength: 8 }), async (quotes) => {
            clock.time = start;
            await inEmptiedStore(shared, async ({ repository, inbox }) => {
              for (const newQuote of quotes) {
                await repository.insert(newQuote);
                clock.time += 60_000;
              }
              const listed = await listAll(inbox, clock.now());
              expect(listed.map(fieldsOf).sort()).toEqual(quotes.map(fieldsOf).sort());
              const times = listed.map(({ createdAt }) => createdAt.getTime());
              expect(times).toEqual([...times].sort((a, b) => b - a));
            });
          }),
          { numRuns: 25 },
        );
      });
    });


    test('delete removes that request and answers true; the others stay as they were', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const first = requestOf(await repository.insert({ ...quote, name: 'First' }));
        clock.time += 60_000;
        const second = requestOf(await repository.insert({ ...quote, name: 'Second' }));
        clock.time += 60_000;
        const third = requestOf(await repository.insert({ ...quote, name: 'Third' }));

        expect(await repository.delete(second.id)).toBe(true);
        expect(await listAll(inbox, clock.now())).toEqual([third, first]);
      });
    });

    test('delete of an id that is not there answers false and changes nothing', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const stored = requestOf(await repository.insert(quote));
        expect(await repository.delete('no-such-id')).toBe(false);
        expect(await repository.delete('00000000-0000-4000-8000-000000000000')).toBe(false);
        expect(await listAll(inbox, clock.now())).toEqual([stored]);
      });
    });

    test('a deleted request stays gone: deleting it again answers false, and new ones are still stored', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const gone = requestOf(await repository.insert(quote));
        expect(await repository.delete(gone.id)).toBe(true);
        expect(await repository.delete(gone.id)).toBe(false);
        expect(await listAll(inbox, clock.now())).toEqual([]);

        clock.time += 60_000;
        const next = requestOf(await repository.insert({ ...quote, name: 'After the delete' }));
        expect(next.id).not.toBe(gone.id);
        expect(await listAll(inbox, clock.now())).toEqual([next]);
      });
    });
  });
}
