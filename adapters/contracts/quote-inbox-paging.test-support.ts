import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  compareInInbox,
  defaultInboxQuery,
  type InboxCursor,
  type InboxQuery,
  type InboxView,
  matchesQuery,
  orderOf,
  serviceAreaFilters,
} from '../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import { quoteStatuses } from '../../domain/inbox/quote-status';
import { serviceTypes } from '../../domain/quote/service-type';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { requestSpecArb, type RequestSpec, searches, seed } from './inbox-seed.test-support';
import { inEmptiedStore, type MakeStore, readAll, requestOf, withStore } from './store-under-test.test-support';

const minute = 60_000;
const asOf = Date.parse('2024-05-01T12:00:00Z');

// The waiting view is the one whose order moves with time: it gets more runs.
const viewArb = fc.constantFrom<InboxView>('new', 'new', 'all', 'spam', ...quoteStatuses);

/** Times on the same ten-minute grid as the requests, so `from` and `to` often fall exactly on one. */
const boundaryArb = fc.option(
  fc.integer({ min: -1, max: 31 }).map((tens) => new Date(asOf - tens * 10 * minute)),
  { nil: null },
);

const queryArb: fc.Arbitrary<InboxQuery> = fc.record({
  view: viewArb,
  search: fc.constantFrom(...searches),
  serviceType: fc.option(fc.constantFrom(...serviceTypes), { nil: null }),
  area: fc.option(fc.constantFrom(...serviceAreaFilters), { nil: null }),
  urgent: fc.option(fc.boolean(), { nil: null }),
  from: boundaryArb,
  to: boundaryArb,
});

/** What every store must answer: the matching requests, in the view's order at `now`. */
function expected(model: readonly InboxQuote[], query: InboxQuery, now: Date): string[] {
  return model
    .filter((quote) => matchesQuery(quote, query))
    .sort(compareInInbox(orderOf(query.view), now))
    .map(({ id }) => id);
}

/** The fields a request was stored with, and where it stands: what a page must show of it. */
const shownOf = (quote: InboxQuote) => ({ ...requestOf(quote), status: quote.status });

const specs = (...list: Partial<RequestSpec>[]): RequestSpec[] =>
  list.map((spec) => ({ persona: 0, serviceType: 'heating', urgent: false, minutesAgo: 0, status: 'new', spam: false, ...spec }));

/** Paging, order, total and every filter, against matchesQuery and compareInInbox. */
export function quoteInboxPagingContract(make: MakeStore): void {
  test('an empty inbox has an empty first page, a total of 0 and no next page', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ inbox }) => {
      for (const view of ['all', 'new', 'won', 'spam'] as const) {
        const page = await inbox.findPage({ query: { ...defaultInboxQuery, view }, after: null, limit: 50, now: clock.now() });
        // A host without a mail server also says so on the page (emailNotSetUp): that is not paging's concern.
        expect({ quotes: page.quotes, total: page.total, next: page.next }).toEqual({ quotes: [], total: 0, next: null });
      }
    });
  });

  test('one request of the All view tells a view with no matches from a store with no requests', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async (store) => {
      await seed(store, clock, specs({ minutesAgo: 30, status: 'won' }), asOf);
      const now = clock.now();
      const waiting = await store.inbox.findPage({ query: defaultInboxQuery, after: null, limit: 50, now });
      expect({ quotes: waiting.quotes, total: waiting.total, next: waiting.next }).toEqual({ quotes: [], total: 0, next: null });
      const all = await store.inbox.findPage({ query: { ...defaultInboxQuery, view: 'all' }, after: null, limit: 1, now });
      expect({ count: all.quotes.length, total: all.total, next: all.next }).toEqual({ count: 1, total: 1, next: null });
    });
  });

  test('pages are the matches in order, `limit` at a time: each visited once, total on every page, next null at the end', async () => {
    const clock = manualClock();
    // One store for every run, emptied after each: a database store is slow to make.
    await withStore(make, clock.now, (shared) =>
      fc.assert(
        fc.asyncProperty(
          fc.array(requestSpecArb, { maxLength: 9 }),
          viewArb,
          fc.integer({ min: 1, max: 4 }),
          fc.integer({ min: 0, max: 240 }),
          async (list, view, limit, laterMinutes) => {
            await inEmptiedStore(shared, async (store) => {
              const model = await seed(store, clock, list, asOf);
              const query = { ...defaultInboxQuery, view };
              // Later pages are read later, but keep the first page's order (the cursor's asOf): a
              // request that falls overdue meanwhile is neither skipped nor shown twice.
              const order = expected(model, query, new Date(asOf));
              const byId = new Map(model.map((quote) => [quote.id, quote]));
              let after: InboxCursor | null = null;
              let seen: string[] = [];
              do {
                const now = new Date(after === null ? asOf : asOf + laterMinutes * minute);
                const page = await store.inbox.findPage({ query, after, limit, now });
                expect(page.total).toBe(order.length);
                const ids = page.quotes.map(({ id }) => id);
                expect(ids).toEqual(order.slice(seen.length, seen.length + limit));
                for (const quote of page.quotes) expect(shownOf(quote)).toEqual(shownOf(byId.get(quote.id) ?? quote));
                seen = [...seen, ...ids];
                expect(page.next === null).toBe(seen.length === order.length);
                after = page.next;
              } while (after !== null && seen.length <= order.length);
              expect(seen).toEqual(order);
            });
          },
        ),
        { numRuns: 20 },
      ),
    );
  });

  test('a page filled exactly by the last matches has no next page', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async (store) => {
      await seed(store, clock, specs({ minutesAgo: 10 }, { minutesAgo: 20 }, { minutesAgo: 30 }, { minutesAgo: 40, status: 'won' }), asOf);
      const query = { ...defaultInboxQuery, view: 'new' as const };
      const whole = await store.inbox.findPage({ query, after: null, limit: 3, now: clock.now() });
      expect(whole.quotes).toHaveLength(3);
      expect(whole.next).toBeNull();

      const first = await store.inbox.findPage({ query, after: null, limit: 2, now: clock.now() });
      expect(first.next).not.toBeNull();
      const last = await store.inbox.findPage({ query, after: first.next, limit: 2, now: clock.now() });
      expect({ count: last.quotes.length, total: last.total, next: last.next }).toEqual({ count: 1, total: 3, next: null });
    });
  });

  test('the waiting view puts overdue urgent requests first, then the rest by when they fall due', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async (store) => {
      const model = await seed(
        store,
        clock,
        specs(
          { minutesAgo: 10 }, // standard, due in 110 minutes
          { minutesAgo: 200 }, // standard, 80 minutes overdue: more overdue than any urgent one
          { minutesAgo: 40, urgent: true }, // urgent, 10 minutes overdue
          { minutesAgo: 10, urgent: true }, // urgent, due in 20 minutes
          { minutesAgo: 130 }, // standard, 10 minutes overdue
          { minutesAgo: 30, urgent: true }, // urgent, due this very moment: not yet overdue
          { minutesAgo: 50, urgent: true }, // urgent, 20 minutes overdue
          { minutesAgo: 300, status: 'contacted' }, // answered: not waiting
        ),
        asOf,
      );
      const { quotes } = await readAll(store.inbox, defaultInboxQuery, new Date(asOf));
      const indexOf = (id: string) => model.findIndex((quote) => quote.id === id);
      expect(quotes.map(({ id }) => indexOf(id))).toEqual([6, 2, 1, 4, 5, 3, 0]);
    });
  });

  test('later pages keep the order as of the first page, though an urgent request has fallen overdue since', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async (store) => {
      const [dueIn5, dueIn8, urgentDueIn10] = await seed(
        store,
        clock,
        specs({ minutesAgo: 115 }, { minutesAgo: 112 }, { minutesAgo: 20, urgent: true }),
        asOf,
      );
      const { quotes } = await readAll(store.inbox, defaultInboxQuery, new Date(asOf), 1);
      // Read page by page at the first page's time, then half an hour later for the rest.
      const first = await store.inbox.findPage({ query: defaultInboxQuery, after: null, limit: 1, now: new Date(asOf) });
      const seen = [...first.quotes];
      let after = first.next;
      for (let pages = 0; after !== null && pages < 5; pages++) {
        const page = await store.inbox.findPage({ query: defaultInboxQuery, after, limit: 1, now: new Date(asOf + 30 * minute) });
        seen.push(...page.quotes);
        after = page.next;
      }
      const expectedIds = [dueIn5, dueIn8, urgentDueIn10].map((quote) => quote?.id);
      expect(quotes.map(({ id }) => id)).toEqual(expectedIds);
      expect(seen.map(({ id }) => id)).toEqual(expectedIds);
    });
  });

  test('every filter agrees with matchesQuery, in the view order, with the total of the matches', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, (shared) =>
      fc.assert(
        fc.asyncProperty(fc.array(requestSpecArb, { maxLength: 10 }), fc.array(queryArb, { minLength: 1, maxLength: 4 }), async (list, queries) => {
          await inEmptiedStore(shared, async (store) => {
            const model = await seed(store, clock, list, asOf);
            for (const query of queries) {
              const page = await store.inbox.findPage({ query, after: null, limit: 50, now: new Date(asOf) });
              const ids = expected(model, query, new Date(asOf));
              // The query goes in both sides so that a failure says which filter disagreed.
              expect({ query, ids: page.quotes.map(({ id }) => id), total: page.total }).toEqual({ query, ids, total: ids.length });
            }
          });
        }),
        { numRuns: 25 },
      ),
    );
  });

  test('search finds phone numbers by their digits, words in any case, and non-ASCII letters', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async (store) => {
      const [zoe, tom, siobhan, marco, lukasz] = await seed(
        store,
        clock,
        specs({ persona: 0 }, { persona: 1 }, { persona: 2 }, { persona: 3 }, { persona: 4 }),
        asOf,
      );
      const find = async (search: string) =>
        (await readAll(store.inbox, { ...defaultInboxQuery, view: 'all', search }, new Date(asOf))).quotes.map(({ id }) => id).sort();
      const ids = (...quotes: (InboxQuote | undefined)[]) => quotes.map((quote) => quote?.id ?? '').sort();
      expect(await find('07700900123')).toEqual(ids(zoe));
      expect(await find('ZOË')).toEqual(ids(zoe));
      expect(await find('zoe')).toEqual([]);
      expect(await find('Siobhan')).toEqual([]);
      expect(await find('SIOBHÁN')).toEqual(ids(siobhan));
      expect(await find('ŁUKASZ')).toEqual(ids(lukasz));
      expect(await find('lukasz')).toEqual([]);
      expect(await find('BoIlEr')).toEqual(ids(zoe, tom));
      expect(await find('100%')).toEqual(ids(siobhan));
      expect(await find('_')).toEqual(ids(siobhan));
      expect(await find('marco@example.net')).toEqual(ids(marco));
      expect(await find('020 7946')).toEqual(ids(tom, marco));
    });
  });
}
