import fc from 'fast-check';
import { expect, test } from 'vitest';
import { inboxQuoteOf } from '../../domain/activity/activity-folds';
import { type InboxQuery, compareInInbox, defaultInboxQuery, matchesQuery, orderOf, searchTextOf } from '../../domain/inbox/inbox-query';
import { dueAt } from '../../domain/inbox/response-clock';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import { toNamedFields } from '../../domain/quote/quote';
import { newQuoteArb } from '../../fixtures/quote-arbitraries.test-support';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { readAll, requestOf } from '../contracts/store-under-test.test-support';
import { sqlDialects } from './scratch-database.test-support';
import { sampleRequest } from '../../fixtures/sample-request.test-support';
import { withSqlStore } from './sql-store.test-support';

// The search's index (pg_trgm, or SQLite's FTS5 trigram table) only narrows; the match is the domain's
// matchesQuery. Searches cut from the stored text itself, at any place and of any length, and requests
// deleted on the way (whose index entries must go with them), check that it never narrows too far.

/** A piece of a request's search text, cut at random, as a search word (no whitespace). */
const pieceOf = (text: string, start: number, length: number) => Array.from(text).slice(start, start + length).join('').split(/\s+/)[0] ?? '';

/** Mostly nothing, so the piece is found; now and then a character that makes it miss. */
const extraArb = fc.oneof({ weight: 5, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('X', '%', '_', 'é') });

for (const dialect of sqlDialects) {
  test(`${dialect}: a search finds exactly the requests matchesQuery finds, pieces of their own text included`, async () => {
    const clock = manualClock();
    await withSqlStore(dialect, { now: clock.now }, async ({ repository, inbox }) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ quote: newQuoteArb, keep: fc.boolean() }), { minLength: 1, maxLength: 6 }),
          fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 8 }), extraArb), { minLength: 1, maxLength: 3 }),
          async (requests, cuts) => {
            await repository.deleteCreatedBefore(new Date('2100-01-01T00:00:00Z'));
            const kept: InboxQuote[] = [];
            for (const { quote, keep } of requests) {
              const stored = requestOf(await repository.insert(quote));
              clock.time += 60_000;
              if (keep) kept.push(inboxQuoteOf({ ...stored, status: 'new', respondedAt: null, alerts: [], photos: [], spam: null }, []));
              else await repository.delete(stored.id);
            }
            const texts = requests.map(({ quote }) => searchTextOf(quote));
            const search = cuts
              .map(([which, start, length, extra]) => {
                const text = texts[which % texts.length] ?? '';
                return pieceOf(text, start % Math.max(1, text.length), length) + extra;
              })
              .join(' ');
            const query: InboxQuery = { ...defaultInboxQuery, view: 'all', search };
            const { quotes, totals } = await readAll(inbox, query, clock.now());
            const expected = kept.filter((quote) => matchesQuery(quote, query)).map(({ id }) => id);
            expect(quotes.map(({ id }) => id).sort()).toEqual(expected.sort());
            expect(totals[0]).toBe(expected.length);
          },
        ),
        { numRuns: 60 },
      );
    });
  });
}

/** More matches than SqlQuoteInbox reads through the trigram index: the page comes along the time index. */
const manyMatches = 2100;

for (const dialect of sqlDialects) {
  test(`${dialect}: a word in thousands of requests pages through all of them in order, in both orders`, async () => {
    const now = new Date('2024-05-10T12:00:00.000Z');
    await withSqlStore(dialect, {}, async ({ db, inbox }) => {
      // Written in bulk, as the repository would write them: a minute apart, one in six without the word.
      const model: InboxQuote[] = Array.from({ length: (manyMatches * 6) / 5 }, (_, index) => inboxQuoteOf({
        ...sampleRequest({
          id: crypto.randomUUID(),
          createdAt: new Date(now.getTime() - (index + 1) * 60_000),
          name: `Customer ${index}`,
          description: index % 6 === 0 ? 'Radiator cold.' : 'Boiler service due.',
          urgent: index % 5 === 0,
        }),
        status: 'new',
        respondedAt: null,
        alerts: [],
        photos: [],
        spam: null,
      }, []));
      for (let start = 0; start < model.length; start += 500) {
        const rows = model.slice(start, start + 500).map((quote) => ({
          id: quote.id,
          created_at: quote.createdAt.toISOString(),
          ...toNamedFields(quote),
          status: quote.status,
          responded_at: null,
          due_at: dueAt(quote).toISOString(),
          search_text: searchTextOf(quote),
        }));
        await db.insertInto('quote_requests').values(rows).execute();
      }
      for (const view of ['all', 'new'] as const) {
        const query: InboxQuery = { ...defaultInboxQuery, view, search: 'BOILER' };
        const expected = model.filter((quote) => matchesQuery(quote, query)).sort(compareInInbox(orderOf(view), now));
        expect(expected).toHaveLength(manyMatches);
        const { quotes, totals } = await readAll(inbox, query, now);
        expect(quotes.map(({ id }) => id)).toEqual(expected.map(({ id }) => id));
        expect(new Set(totals)).toEqual(new Set([manyMatches]));
      }
    });
  });
}
