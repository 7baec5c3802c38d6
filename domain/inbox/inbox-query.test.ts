import fc from 'fast-check';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import type { InboxQuote } from './inbox-quote';
import {
  allView,
  type InboxCursor,
  type InboxOrder,
  type InboxQuery,
  inboxViews,
  spamView,
  compareInInbox,
  cursorAfter,
  defaultInboxQuery,
  encodeCursor,
  isAfterCursor,
  InboxQuerySchema,
  matchesQuery,
  orderOf,
  parseCursor,
  searchTextOf,
  searchWords,
} from './inbox-query';
import { isOverdueUrgent } from './response-clock';
import { inSpamFolder } from '../spam/spam';
import { inboxCursorArb, inboxQueryArb, inboxQuoteArb, inboxQuotesArb, inboxTimeArb } from '../../fixtures/inbox-arbitraries.test-support';
import { sampleInboxQuote } from '../../fixtures/sample-request.test-support';

const orderArb = fc.constantFrom<InboxOrder>('waiting', 'newest');
const asOfArb = inboxTimeArb(600);
/** Narrow queries, and the two wide ones with the most pages to turn. */
const pagingQueryArb = fc.oneof(inboxQueryArb, fc.constantFrom<InboxQuery>(defaultInboxQuery, { ...defaultInboxQuery, view: 'all' }));

/** One page as a store must give it: the sorted matches after the cursor, asOf kept by the cursor. */
function pageOf(quotes: readonly InboxQuote[], query: InboxQuery, after: InboxCursor | undefined, limit: number, now: Date) {
  const order = orderOf(query.view);
  const asOf = after?.order === 'waiting' ? after.asOf : now;
  const matches = quotes
    .filter((quote) => matchesQuery(quote, query) && (after === undefined || isAfterCursor(quote, after)))
    .sort(compareInInbox(order, asOf));
  const page = matches.slice(0, limit);
  const last = page.at(-1);
  return { quotes: page, next: matches.length > limit && last !== undefined ? cursorAfter(last, order, asOf) : null };
}

test('the orders are strict and total: antisymmetric, transitive, tied only for the same id', () => {
  fc.assert(
    fc.property(inboxQuotesArb(12), orderArb, asOfArb, (quotes, order, asOf) => {
      const compare = compareInInbox(order, asOf);
      for (const a of quotes) {
        for (const b of quotes) {
          expect(Math.sign(compare(a, b))).toBe(-Math.sign(compare(b, a)) || 0);
          expect(compare(a, b) === 0).toBe(a.id === b.id);
          for (const c of quotes) if (compare(a, b) < 0 && compare(b, c) < 0) expect(compare(a, c)).toBeLessThan(0);
        }
      }
    }),
  );
});

test('a request is after the cursor of another exactly when it sorts after it', () => {
  fc.assert(
    fc.property(inboxQuotesArb(12), orderArb, asOfArb, (quotes, order, asOf) => {
      const compare = compareInInbox(order, asOf);
      for (const a of quotes) {
        const cursor = cursorAfter(a, order, asOf);
        for (const b of quotes) expect(isAfterCursor(b, cursor)).toBe(compare(a, b) < 0);
      }
    }),
  );
});

test('page after page gives every match once, in order, whatever the page size', () => {
  fc.assert(
    fc.property(inboxQuotesArb(), pagingQueryArb, fc.integer({ min: 1, max: 7 }), asOfArb, (quotes, query, limit, firstNow) => {
      const expected = quotes.filter((quote) => matchesQuery(quote, query)).sort(compareInInbox(orderOf(query.view), firstNow));
      const seen: InboxQuote[] = [];
      let now = firstNow;
      let page = pageOf(quotes, query, undefined, limit, now);
      seen.push(...page.quotes);
      while (page.next !== null) {
        expect(page.quotes).toHaveLength(limit);
        // Later pages are read later, and through the cursor's text: the first page's time still rules.
        now = new Date(now.getTime() + 45 * 60_000);
        const after = parseCursor(encodeCursor(page.next));
        expect(after).toEqual(page.next);
        page = pageOf(quotes, query, after, limit, now);
        seen.push(...page.quotes);
      }
      expect(seen.map(({ id }) => id)).toEqual(expected.map(({ id }) => id));
    }),
    { numRuns: 500 },
  );
});

test('in the waiting order the overdue urgent requests come first', () => {
  fc.assert(
    fc.property(inboxQuotesArb(), asOfArb, (quotes, asOf) => {
      const ranks = [...quotes].sort(compareInInbox('waiting', asOf)).map((quote) => isOverdueUrgent(quote, asOf));
      const firstOther = ranks.indexOf(false);
      if (firstOther !== -1) expect(ranks.slice(firstOther)).not.toContain(true);
    }),
  );
});

test('the new view lists in the waiting order, every other view newest first', () => {
  expect(orderOf('new')).toBe('waiting');
  for (const view of ['all', 'contacted', 'quoted', 'won', 'lost'] as const) expect(orderOf(view)).toBe('newest');
});

test('an overdue urgent request comes before a standard one due earlier; the rest go by due time, then id', () => {
  const base = { ...defaultQuote(), urgent: false };
  const asOf = new Date('2026-03-02T12:00:00.000Z');
  const overdueUrgent = { ...base, id: 'z', urgent: true, createdAt: new Date('2026-03-02T11:00:00.000Z') }; // due 11:30
  const standardDueEarlier = { ...base, id: 'a', createdAt: new Date('2026-03-02T09:00:00.000Z') }; // due 11:00
  const urgentDueLater = { ...base, id: 'b', urgent: true, createdAt: new Date('2026-03-02T11:45:00.000Z') }; // due 12:15
  const standardSameDue = { ...base, id: 'c', createdAt: new Date('2026-03-02T10:15:00.000Z') }; // due 12:15
  const sorted = [urgentDueLater, standardSameDue, standardDueEarlier, overdueUrgent].sort(compareInInbox('waiting', asOf));
  expect(sorted.map(({ id }) => id)).toEqual(['z', 'a', 'b', 'c']);
  const newest = [standardDueEarlier, urgentDueLater, overdueUrgent, { ...standardDueEarlier, id: 'd' }].sort(compareInInbox('newest', asOf));
  expect(newest.map(({ id }) => id)).toEqual(['b', 'z', 'd', 'a']);
});

test('a cursor read back from its text is the same cursor', () => {
  fc.assert(
    fc.property(inboxCursorArb, (cursor) => {
      expect(parseCursor(encodeCursor(cursor))).toEqual(cursor);
    }),
  );
});

test.for([
  ['not JSON', 'not a cursor'],
  ['empty text', ''],
  ['null', 'null'],
  ['a number', '42'],
  ['a string', '"newest"'],
  ['an array', '[]'],
  ['an empty object', '{}'],
  ['an unknown order', '{"order":"oldest","createdAt":"2026-03-02T09:00:00.000Z","id":"a"}'],
  ['no id', '{"order":"newest","createdAt":"2026-03-02T09:00:00.000Z"}'],
  ['a numeric id', '{"order":"newest","createdAt":"2026-03-02T09:00:00.000Z","id":1}'],
  ['a time that is not a date', '{"order":"newest","createdAt":"yesterday","id":"a"}'],
  ['a date without a time', '{"order":"newest","createdAt":"2026-03-02","id":"a"}'],
  ['a time as a number', '{"order":"newest","createdAt":1772442000000,"id":"a"}'],
  ['hour 24', '{"order":"newest","createdAt":"2026-03-02T24:00:00.000Z","id":"a"}'],
  ['an impossible date', '{"order":"newest","createdAt":"2026-02-30T00:00:00.000Z","id":"a"}'],
  ['a waiting cursor without asOf', '{"order":"waiting","overdueUrgent":false,"dueAt":"2026-03-02T09:30:00.000Z","id":"a"}'],
  ['overdueUrgent as text', '{"order":"waiting","asOf":"2026-03-02T09:00:00.000Z","overdueUrgent":"false","dueAt":"2026-03-02T09:30:00.000Z","id":"a"}'],
  ['a newest cursor with a waiting cursor\'s fields', '{"order":"newest","asOf":"2026-03-02T09:00:00.000Z","dueAt":"2026-03-02T09:30:00.000Z","id":"a"}'],
] as const)('parseCursor refuses %s', ([, text]) => {
  expect(parseCursor(text)).toBeUndefined();
});

test('the default query is the new view, unfiltered', () => {
  expect(defaultInboxQuery).toEqual({ view: 'new', search: '', serviceType: null, urgent: null, area: null, from: null, to: null });
});

test('a request matches a query exactly when it passes every filter alone', () => {
  fc.assert(
    fc.property(inboxQuotesArb(5), inboxQueryArb, (quotes, query) => {
      const alone: InboxQuery[] = [
        { ...defaultInboxQuery, view: query.view },
        { ...defaultInboxQuery, view: 'all', search: query.search },
        { ...defaultInboxQuery, view: 'all', serviceType: query.serviceType },
        { ...defaultInboxQuery, view: 'all', urgent: query.urgent },
        { ...defaultInboxQuery, view: 'all', area: query.area },
        { ...defaultInboxQuery, view: 'all', from: query.from },
        { ...defaultInboxQuery, view: 'all', to: query.to },
      ];
      for (const quote of quotes) expect(matchesQuery(quote, query)).toBe(alone.every((filter) => matchesQuery(quote, filter)));
    }),
  );
});

test.for([
  ['all', 'contacted', true],
  ['new', 'contacted', false],
  ['contacted', 'contacted', true],
  ['lost', 'won', false],
] as const)('view %s with a request %s: %s', ([view, status, expected]) => {
  expect(matchesQuery({ ...defaultQuote(), status }, { ...defaultInboxQuery, view })).toBe(expected);
});

test('the service type and urgent filters keep only their kind, null keeps all', () => {
  const quote = defaultQuote();
  const all = { ...defaultInboxQuery, view: 'all' } as const;
  expect(matchesQuery(quote, { ...all, serviceType: 'heating' })).toBe(true);
  expect(matchesQuery(quote, { ...all, serviceType: 'bathroom' })).toBe(false);
  expect(matchesQuery(quote, { ...all, urgent: false })).toBe(true);
  expect(matchesQuery(quote, { ...all, urgent: true })).toBe(false);
  expect(matchesQuery({ ...quote, urgent: true }, { ...all, urgent: true })).toBe(true);
});

test('from includes its moment and to excludes its own', () => {
  const quote = defaultQuote();
  const all = { ...defaultInboxQuery, view: 'all' } as const;
  const createdAt = quote.createdAt.getTime();
  expect(matchesQuery(quote, { ...all, from: new Date(createdAt) })).toBe(true);
  expect(matchesQuery(quote, { ...all, from: new Date(createdAt + 1) })).toBe(false);
  expect(matchesQuery(quote, { ...all, to: new Date(createdAt + 1) })).toBe(true);
  expect(matchesQuery(quote, { ...all, to: new Date(createdAt) })).toBe(false);
  expect(matchesQuery(quote, { ...all, from: new Date(createdAt), to: new Date(createdAt) })).toBe(false);
});

test.for([
  ['zoë', true],
  ['ZOË', true],
  ['Zoë', true],
  ['bronte', false],
  ['brontë zoë', true],
  ['zoë smith', false],
  ['leak boiler', true],
  ['stairs example.co.uk', true],
  ['ZOE@EXAMPLE', true],
  ['07700900123', true],
  ['07700 900123', true],
  ['900123', true],
  ['0770 0900', true],
  ['07700-900123', false],
  ['%', false],
  ['  leak  ', true],
  ['', true],
] as const)('searching %j finds Zoë Brontë: %s', ([search, expected]) => {
  expect(matchesQuery(defaultQuote(), { ...defaultInboxQuery, view: 'all', search })).toBe(expected);
});

test('a search finds a word anywhere it is in the name, email, phone or description, whatever its case', () => {
  const fieldArb = fc.constantFrom('name', 'email', 'phone', 'description') satisfies fc.Arbitrary<keyof InboxQuote>;
  fc.assert(
    fc.property(inboxQuoteArb, fieldArb, fc.nat(), fc.integer({ min: 1, max: 6 }), fc.boolean(), (quote, field, start, length, upper) => {
      const text = quote[field];
      fc.pre(typeof text === 'string' && text !== '');
      const from = start % text.length;
      const word = text.slice(from, from + length).split(/\s+/)[0] ?? '';
      const search = upper ? word.toUpperCase() : word;
      // Upper-casing may change a word for good ("ß" to "SS"): such a search need not match.
      fc.pre(word !== '' && search.toLowerCase() === word.toLowerCase());
      expect(matchesQuery(quote, { ...defaultInboxQuery, view: inSpamFolder(quote) ? spamView : allView, search })).toBe(true);
    }),
  );
});

test('searchTextOf is each searchable field in the form\'s order, a phone also as its digits, one per line, lower-cased', () => {
  const quote = { name: 'Zoë ÉLODIE', email: 'ZOE@EXAMPLE.CO.UK', phone: '+44 (0)7700 900-123', postcode: 'SE1 7PB', description: 'Ça coule' };
  expect(searchTextOf(quote)).toBe('zoë élodie\n+44 (0)7700 900-123\n4407700900123\nzoe@example.co.uk\nse1 7pb\nça coule');
  expect(searchTextOf({ ...quote, email: null, postcode: null, description: null })).toBe('zoë élodie\n+44 (0)7700 900-123\n4407700900123\n\n\n');
});

test('searchWords splits on any whitespace, lower-cases, and keeps the first eight words', () => {
  expect(searchWords('')).toEqual([]);
  expect(searchWords('  \t\n ')).toEqual([]);
  expect(searchWords(' Zoë\tBRONTË\n07700  900123 ')).toEqual(['zoë', 'brontë', '07700', '900123']);
  expect(searchWords('a b c d e f g h i j')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  fc.assert(
    fc.property(fc.string(), (search) => {
      const words = searchWords(search);
      expect(words.length).toBeLessThanOrEqual(8);
      for (const word of words) {
        expect(word).not.toBe('');
        expect(word).not.toMatch(/\s/);
        expect(word).toBe(word.toLowerCase());
      }
    }),
  );
});

test('a search of more than eight words is judged on its first eight', () => {
  const quote = defaultQuote();
  const search = 'zoë brontë 07700 900123 leak boiler stairs heating? nowhere';
  expect(matchesQuery(quote, { ...defaultInboxQuery, view: 'all', search: search.replace(' heating?', ' under') })).toBe(true);
  expect(matchesQuery(quote, { ...defaultInboxQuery, view: 'all', search })).toBe(false);
});

test('InboxQuerySchema fills every field left out with the default query', () => {
  expect(v.parse(InboxQuerySchema, {})).toEqual(defaultInboxQuery);
  expect(v.parse(InboxQuerySchema, { view: 'all', search: '  leak  ', urgent: true, from: null })).toEqual({
    ...defaultInboxQuery,
    view: 'all',
    search: 'leak',
    urgent: true,
  });
});

test('InboxQuerySchema accepts every query the inbox can make', () => {
  fc.assert(
    fc.property(inboxQueryArb, (query) => {
      expect(v.parse(InboxQuerySchema, query)).toEqual({ ...query, search: query.search.trim() });
    }),
  );
});

test.for([
  { field: 'view', value: 'waiting', label: '"waiting"', message: 'Choose a status from the list' },
  { field: 'search', value: 42, label: '42', message: 'Search must be text' },
  { field: 'search', value: 'x'.repeat(101), label: '101 characters', message: 'Search must be 100 characters or fewer' },
  { field: 'serviceType', value: 'gas', label: '"gas"', message: 'Choose a service type from the list' },
  { field: 'urgent', value: 'yes', label: '"yes"', message: 'Urgent must be true or false' },
  { field: 'from', value: '2026-03-02', label: 'a date as text', message: 'From must be a date' },
  { field: 'from', value: new Date('not a date'), label: 'an invalid Date', message: 'From must be a date' },
  { field: 'to', value: 1772442000000, label: 'a date as a number', message: 'To must be a date' },
])('InboxQuerySchema refuses $field $label, saying $message', ({ field, value, message }) => {
  const result = v.safeParse(InboxQuerySchema, { [field]: value });
  expect(result.success).toBe(false);
  const issues = result.issues ?? [];
  expect(issues.map((issue) => v.getDotPath(issue))).toEqual([field]);
  expect(issues.map((issue) => issue.message)).toEqual([message]);
});

test('a search of exactly 100 characters, after trimming, is accepted', () => {
  expect(v.parse(InboxQuerySchema, { search: ` ${'x'.repeat(100)} ` }).search).toBe('x'.repeat(100));
});

function defaultQuote(): InboxQuote {
  return {
    ...sampleInboxQuote({
      id: 'q-1',
      name: 'Zoë Brontë',
      email: 'zoe@example.co.uk',
      phone: '07700 900123',
      serviceType: 'heating',
      description: 'Boiler LEAK under the stairs',
      urgent: false,
      createdAt: new Date('2026-03-02T10:00:00.000Z'),
    }),
    status: 'new',
    respondedAt: null,
    history: [],
    notes: [],
  };
}

test('the Spam folder lists only requests in it, and every other view leaves them out until staff say "Not spam"', () => {
  const mark = { score: 10, reasons: [{ signal: 'honeypot' as const, weight: 10 }], sentAt: new Date('2026-11-24T08:00:00Z') };
  const inFolder = sampleInboxQuote({ spam: { ...mark, cleared: null } });
  const rescued = sampleInboxQuote({ spam: { ...mark, cleared: { by: 'sam@example.co.uk', at: new Date('2026-11-24T09:00:00Z') } } });
  const person = sampleInboxQuote();
  for (const view of inboxViews) {
    const query = { ...defaultInboxQuery, view };
    expect(matchesQuery(inFolder, query)).toBe(view === spamView);
    expect(matchesQuery(rescued, query)).toBe(view !== spamView && (view === allView || view === 'new'));
    expect(matchesQuery(person, query)).toBe(matchesQuery(rescued, query));
  }
});
