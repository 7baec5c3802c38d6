// The inbox's SQL agrees with the domain's rules, run on a real PostgreSQL database: the moves between
// statuses, when a request falls due, and the text a search looks through.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { allView, inboxPageMax, searchTextOf } from '../../domain/inbox-query';
import { canChangeStatus, quoteStatuses } from '../../domain/quote-status';
import { dueAt } from '../../domain/response-clock';
import { supabaseScratchDatabase } from './supabase-scratch-database.test-support';

test('public.quote_status_move_allowed allows exactly the moves of domain/quote-status.ts nextStatuses', async () => {
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

test('inbox_page returns at most the largest page and one more row (domain/inbox-query.ts inboxPageMax)', async () => {
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

test('search_text is domain searchTextOf, lower-cased alike for the letters of names like Zoë and ÉLODIE', async () => {
  const supabase = await supabaseScratchDatabase();
  try {
    const stored = async (quote: { name: string; email: string | null; phone: string; description: string | null }) => {
      const { rows } = await supabase.owner.query<{ search_text: string }>(
        `insert into public.quote_requests (name, email, phone, service_type, description)
         values ($1, $2, $3, 'other', $4) returning search_text`,
        [quote.name, quote.email, quote.phone, quote.description],
      );
      return rows[0]?.search_text;
    };
    const zoe = { name: 'Zoë ÉLODIE Łukasz', email: 'ZOE@EXAMPLE.CO.UK', phone: '+44 (0)7700 900-123', description: 'Ça coule: 100% SÜß' };
    expect(await stored(zoe)).toBe(searchTextOf(zoe));
    expect(await stored(zoe)).toBe('zoë élodie łukasz\n+44 (0)7700 900-123\n4407700900123\nzoe@example.co.uk\nça coule: 100% süß');
    expect(await stored({ ...zoe, email: null, description: null })).toBe(searchTextOf({ ...zoe, email: null, description: null }));

    await fc.assert(
      fc.asyncProperty(
        fc.record({ name: textArb(1), email: fc.option(textArb(1), { nil: null }), phone: textArb(1), description: fc.option(textArb(1), { nil: null }) }),
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
