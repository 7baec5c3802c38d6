import fc from 'fast-check';
import { expect, test } from 'vitest';
import { defaultInboxQuery, inboxViews, matchesQuery, viewLists } from './inbox-query';
import { quoteStatuses } from './quote-status';
import { viewCountsOf } from './view-counts';
import { inSpamFolder } from '../spam/spam';
import { inboxQuotesArb } from '../../fixtures/inbox-arbitraries.test-support';

const placeArb = fc.record({ status: fc.constantFrom(...quoteStatuses), inSpamFolder: fc.boolean() });

test('a request in the Spam folder is in the Spam view alone; any other, in its status view and All', () => {
  fc.assert(
    fc.property(placeArb, (place) => {
      const views = inboxViews.filter((view) => viewLists(view, place));
      expect(views).toEqual(place.inSpamFolder ? ['spam'] : [place.status, 'all']);
    }),
  );
});

test('each view counts the requests its list matches with no search or filter', () => {
  fc.assert(
    fc.property(inboxQuotesArb(), (quotes) => {
      const counts = viewCountsOf(quotes.map((quote) => ({ status: quote.status, inSpamFolder: inSpamFolder(quote), count: 1 })));
      for (const view of inboxViews) expect(counts[view]).toBe(quotes.filter((quote) => matchesQuery(quote, { ...defaultInboxQuery, view })).length);
    }),
  );
});

test('tallies of many requests count as many, and an empty store counts 0 in every view', () => {
  expect(viewCountsOf([])).toEqual({ new: 0, contacted: 0, quoted: 0, won: 0, done: 0, lost: 0, all: 0, spam: 0 });
  const counts = viewCountsOf([
    { status: 'new', inSpamFolder: false, count: 4 },
    { status: 'new', inSpamFolder: true, count: 3 },
    { status: 'won', inSpamFolder: false, count: 2 },
  ]);
  expect(counts).toEqual({ new: 4, contacted: 0, quoted: 0, won: 2, done: 0, lost: 0, all: 6, spam: 3 });
});
