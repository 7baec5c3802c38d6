// The inbox's SQL agrees with the domain's rules, run on a real PostgreSQL database: the moves between
// statuses, when a request falls due, the text a search looks through, and the service area's filter.
import fc from 'fast-check';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { allView, defaultInboxQuery, type InboxQuery, inboxPageMax, matchesQuery, searchTextOf, serviceAreaFilters } from '../../domain/inbox/inbox-query';
import type { NewQuote } from '../../domain/quote/quote';
import { canChangeStatus, quoteStatuses } from '../../domain/inbox/quote-status';
import { dueAt } from '../../domain/inbox/response-clock';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { InboxPageAnswerSchema } from './supabase-inbox-answers';
import { supabaseScratchDatabase } from './supabase-scratch-database.test-support';

test('public.quote_status_move_allowed allows exactly the moves of domain/inbox/quote-status.ts nextStatuses', async () => {
  const supabase = await supabaseScratchDatabase();
  try {
    const { rows } = await supabase.owner.query<{ from: string; to: string; allowed: boolean }>(
      `select f.status as from, t.status as to, public.quote_status_move_allowed(f.status, t.status) as allowed
         from unnest($1::text[]) as f(status) cross join unnest($1::text[]) as t(status)`,
      [quoteStatuses],
    );
    const expected = quoteStatuses.flatMap((from) => quoteStatuses.map((to) => ({ from, to, allowed: canChangeStatus(from, to) })));
    expect(rows).toHaveLength(expected.length);
    expect(rows).toEqual(expect.arrayContaining(expected));
  } finally {
    await supabase.drop();
  }
});

test('due_at is domain dueAt for urgent and standard requests, in any session time zone', async () => {
  const supabase = await supabaseScratchDatabase();
  try {
    // Around the clock change in London, where a time zone could shift an interval by an hour.
    await supabase.owner.query(`set timezone = 'Europe/London'`);
    const times = ['2024-03-31T00:45:00.123Z', '2024-10-27T00:20:00Z', '2024-05-01T09:30:00.999Z'];
    for (const createdAt of times) {
      for (const urgent of [true, false]) {
        const { rows } = await supabase.owner.query<{ due_at: Date }>(
          `insert into public.quote_requests (name, phone, service_type, urgent, created_at)
           values ('A', '1', 'other', $1, $2) returning due_at`,
          [urgent, createdAt],
        );
        expect(rows[0]?.due_at, `${createdAt} urgent ${String(urgent)}`).toEqual(dueAt({ createdAt: new Date(createdAt), urgent }));
      }
    }
  } finally {
    await supabase.drop();
  }
});

test('inbox_page returns at most the largest page and one more row (domain/inbox/inbox-query.ts inboxPageMax)', async () => {
  const supabase = await supabaseScratchDatabase();
  try {
    const page = (rowLimit: number) => supabase.owner.query('select public.inbox_page($1, now(), $2)', [allView, rowLimit]);
    await expect(page(inboxPageMax + 1)).resolves.toMatchObject({ rowCount: 1 });
    await expect(page(inboxPageMax + 2)).rejects.toMatchObject({ code: '22023', message: `row_limit must be between 1 and ${inboxPageMax + 1}, not ${inboxPageMax + 2}` });
    await expect(page(0)).rejects.toMatchObject({ code: '22023' });
  } finally {
    await supabase.drop();
  }
});

// Letters of names staff will meet, upper and lower case, and what phones and emails are made of.
const letters = Array.from('abcxyzABCXYZ éÉèÈêÊëËïÏôÔöÖüÜçÇñÑåÅøØæÆłŁßœŒ0123456789+-()@.%_\'"');
const textArb = (min: number) => fc.array(fc.constantFrom(...letters), { minLength: min, maxLength: 12 }).map((chars) => chars.join(''));

type Searched = Pick<NewQuote, 'name' | 'email' | 'phone' | 'postcode' | 'description'>;

test('search_text is domain searchTextOf, lower-cased alike for the letters of names like Zoë and ÉLODIE', async () => {
  const supabase = await supabaseScratchDatabase();
  try {
    const stored = async (quote: Searched) => {
      const { rows } = await supabase.owner.query<{ search_text: string }>(
        `insert into public.quote_requests (name, email, phone, postcode, service_type, description)
         values ($1, $2, $3, $4, 'other', $5) returning search_text`,
        [quote.name, quote.email, quote.phone, quote.postcode, quote.description],
      );
      return rows[0]?.search_text;
    };
    const zoe = { name: 'Zoë ÉLODIE Łukasz', email: 'ZOE@EXAMPLE.CO.UK', phone: '+44 (0)7700 900-123', postcode: 'SE1 7PB', description: 'Ça coule: 100% SÜß' };
    expect(await stored(zoe)).toBe(searchTextOf(zoe));
    expect(await stored(zoe)).toBe('zoë élodie łukasz\n+44 (0)7700 900-123\n4407700900123\nzoe@example.co.uk\nse1 7pb\nça coule: 100% süß');
    const bare = { ...zoe, email: null, postcode: null, description: null };
    expect(await stored(bare)).toBe(searchTextOf(bare));

    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: textArb(1),
          // An address is plain ASCII (domain/quote/email-address.ts), which the table holds it to.
          email: fc.option(
            fc.array(fc.constantFrom(...Array.from('abcxyzABCXYZ0123456789+-_')), { minLength: 1, maxLength: 12 }).map((chars) => `${chars.join('')}@Example.CO.uk`),
            { nil: null },
          ),
          phone: textArb(1),
          postcode: fc.option(textArb(1).map((text) => text.slice(0, 8)), { nil: null }),
          description: fc.option(textArb(1), { nil: null }),
        }),
        async (quote) => {
          expect(await stored(quote)).toBe(searchTextOf(quote));
        },
      ),
      { numRuns: 50 },
    );
  } finally {
    await supabase.drop();
  }
});

// Inside and outside the service area, districts that only begin like one in it, an outward code alone, and none.
const postcodes = ['SE1 7PB', 'SE1', 'SE17 1JE', 'SW9 8HE', 'SE10 9NN', 'SE2 9AA', 'N1 9GU', 'CR0 2RH', null];

test('inbox_page\'s area filter agrees with domain matchesQuery: a request without a postcode is neither inside nor outside', async () => {
  const supabase = await supabaseScratchDatabase();
  try {
    const page = async (area: string | null, words: string[]) => {
      const { rows } = await supabase.owner.query<{ page: unknown }>('select public.inbox_page($1, now(), $2, $3, area => $4) as page', [
        allView,
        inboxPageMax + 1,
        JSON.stringify(words),
        area,
      ]);
      return v.parse(InboxPageAnswerSchema, rows[0]?.page).quotes;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...postcodes), { minLength: 1, maxLength: 12 }),
        fc.constantFrom(null, ...serviceAreaFilters),
        fc.constantFrom('', 'se1', '7pb', 'priya'),
        async (given, area, search) => {
          await supabase.owner.query('delete from public.quote_requests');
          for (const postcode of given) {
            const quote = sampleQuote({ postcode });
            await supabase.owner.query(
              `insert into public.quote_requests (name, phone, postcode, service_type) values ($1, $2, $3, $4)`,
              [quote.name, quote.phone, quote.postcode, quote.serviceType],
            );
          }
          const every = await page(null, []);
          const query: InboxQuery = { ...defaultInboxQuery, view: allView, area, search };
          const expected = every.filter((quote) => matchesQuery(quote, query)).map(({ id }) => id);
          const found = await page(area, search === '' ? [] : [search]);
          expect(found.map(({ id }) => id).sort()).toEqual(expected.sort());
        },
      ),
      { numRuns: 40 },
    );
    await expect(page('elsewhere', [])).rejects.toMatchObject({ code: '22023' });
  } finally {
    await supabase.drop();
  }
});

test('lower() folds non-ASCII letters only under a UTF-8 locale, as the scratch database (like Supabase) has: why the migration checks it', async () => {
  const supabase = await supabaseScratchDatabase();
  try {
    // Under the C collation (a database created with LOCALE 'C'), the inbox migration would refuse to run.
    const { rows } = await supabase.owner.query<{ folded: string }>(`select lower('ZOË ÉLODIE' collate "C") as folded`);
    expect(rows).toEqual([{ folded: 'zoË Élodie' }]);
    const { rows: utf8 } = await supabase.owner.query<{ folded: string }>(`select lower('ZOË ÉLODIE') as folded`);
    expect(utf8).toEqual([{ folded: 'zoë élodie' }]);
  } finally {
    await supabase.drop();
  }
});
