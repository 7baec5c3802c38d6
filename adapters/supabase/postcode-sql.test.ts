// The postcode in a Supabase project, on a real PostgreSQL database with every call made as PostgREST
// makes it: a visitor sends it and never reads it back, staff read it, and the database judges the
// service area as domain/quote/postcode.ts does.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { serviceArea } from '../../domain/business';
import { allView } from '../../domain/inbox/inbox-query';
import { isInServiceArea, normalisePostcode } from '../../domain/quote/postcode';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { InboxPageAnswerSchema } from './supabase-inbox-answers';
import { type Claims, type SupabaseScratchDatabase, supabaseScratchDatabase } from './supabase-scratch-database.test-support';

const visitor: Claims = { role: 'anon' };

async function withSupabase(work: (supabase: SupabaseScratchDatabase & { staff: Claims }) => Promise<void>): Promise<void> {
  const supabase = await supabaseScratchDatabase();
  try {
    const id = randomUUID();
    await supabase.owner.query('insert into auth.users (id) values ($1)', [id]);
    await supabase.owner.query('insert into public.staff (user_id) values ($1)', [id]);
    await work({ ...supabase, staff: { role: 'authenticated', sub: id, email: 'office@se1plumbing.example' } });
  } finally {
    await supabase.drop();
  }
}

/** The insert the Supabase adapter sends for a visitor: the form's fields and an id, nothing asked back. */
const sendRequest = (postcode: string | null) => {
  const quote = sampleQuote({ postcode });
  const id = randomUUID();
  const query = {
    text: `insert into public.quote_requests (id, name, email, phone, postcode, service_type, description, urgent)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    values: [id, quote.name, quote.email, quote.phone, quote.postcode, quote.serviceType, quote.description, quote.urgent],
  };
  return { id, query };
};

test('a visitor sends a postcode and cannot read it back, nor change it', () =>
  withSupabase(async ({ owner, request }) => {
    const { id, query } = sendRequest('SE1 7PB');
    await request(visitor, (db) => db.query(query));
    await expect(request(visitor, (db) => db.query('select postcode from public.quote_requests'))).rejects.toMatchObject({
      code: '42501',
      message: 'permission denied for table quote_requests',
    });
    await expect(request(visitor, (db) => db.query(`update public.quote_requests set postcode = 'N1 9GU'`))).rejects.toMatchObject({ code: '42501' });
    await expect(request(visitor, (db) => db.query(`select public.quote_in_service_area('SE1 7PB')`))).rejects.toMatchObject({ code: '42501' });
    expect((await owner.query('select id, postcode from public.quote_requests')).rows).toEqual([{ id, postcode: 'SE1 7PB' }]);
  }));

test('a postcode longer than the domain allows is refused by its CHECK', () =>
  withSupabase(async ({ owner, request }) => {
    await expect(request(visitor, (db) => db.query(sendRequest('SE1 7PB 12').query))).rejects.toMatchObject({
      code: '23514',
      constraint: 'quote_requests_postcode_length',
    });
    expect((await owner.query('select count(*)::int as count from public.quote_requests')).rows).toEqual([{ count: 0 }]);
  }));

test('staff read the postcode in the table and in the inbox, and whether it lies in the service area; nobody changes it', () =>
  withSupabase(async ({ request, staff }) => {
    const postcodes = ['SE1 7PB', 'CR0 2RH', null];
    const sent = postcodes.map((postcode) => ({ postcode, ...sendRequest(postcode) }));
    for (const { query } of sent) await request(visitor, (db) => db.query(query));

    const { rows } = await request(staff, (db) =>
      db.query<{ id: string; postcode: string | null; inside: boolean | null }>(
        'select id, postcode, public.quote_in_service_area(postcode) as inside from public.quote_requests',
      ),
    );
    expect(rows).toHaveLength(sent.length);
    expect(rows).toEqual(
      expect.arrayContaining(sent.map(({ id, postcode }) => ({ id, postcode, inside: postcode === null ? null : isInServiceArea(postcode) }))),
    );

    // As the inbox reads it: public.inbox_quote_json carries every field of the description.
    const page = await request(staff, (db) => db.query<{ page: unknown }>('select public.inbox_page($1, now(), 10) as page', [allView]));
    const { quotes } = v.parse(InboxPageAnswerSchema, page.rows[0]?.page);
    expect(quotes.map(({ id, postcode }) => ({ id, postcode }))).toEqual(expect.arrayContaining(sent.map(({ id, postcode }) => ({ id, postcode }))));

    await expect(request(staff, (db) => db.query(`update public.quote_requests set postcode = 'N1 9GU'`))).rejects.toMatchObject({ code: '42501' });
  }));

/** Normalised postcodes: the districts of the list and others, with or without an inward code. */
const letter = fc.constantFrom(...Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ'));
const digit = fc.constantFrom(...Array.from('0123456789'));
const outwardArb = fc.oneof(
  fc.constantFrom(...serviceArea.outwardCodes),
  fc.tuple(fc.array(letter, { minLength: 1, maxLength: 2 }), digit, fc.option(fc.oneof(letter, digit), { nil: '' })).map(
    ([area, district, sub]) => `${area.join('')}${district}${sub}`,
  ),
);
const postcodeArb = fc
  .tuple(outwardArb, fc.option(fc.tuple(digit, letter, letter).map((parts) => parts.join('')), { nil: '' }))
  .map(([outward, inward]) => normalisePostcode(`${outward}${inward}`))
  .filter((postcode) => postcode !== undefined);

test('public.quote_in_service_area agrees with domain isInServiceArea, and is null without a postcode', async () => {
  const supabase = await supabaseScratchDatabase();
  try {
    const inside = async (postcode: string | null) =>
      (await supabase.owner.query<{ inside: boolean | null }>('select public.quote_in_service_area($1) as inside', [postcode])).rows[0]?.inside;
    expect(await inside(null)).toBeNull();
    for (const postcode of ['SE1', 'SE1 7PB', 'SW9 8HE', 'SE10 9NN', 'SE2 9AA', 'N1 9GU']) expect(await inside(postcode), postcode).toBe(isInServiceArea(postcode));

    await fc.assert(
      fc.asyncProperty(fc.array(postcodeArb, { minLength: 1, maxLength: 20 }), async (postcodes) => {
        const { rows } = await supabase.owner.query<{ postcode: string; inside: boolean }>(
          'select p as postcode, public.quote_in_service_area(p) as inside from unnest($1::text[]) as p',
          [postcodes],
        );
        expect(rows).toEqual(postcodes.map((postcode) => ({ postcode, inside: isInServiceArea(postcode) })));
      }),
      { numRuns: 50 },
    );
  } finally {
    await supabase.drop();
  }
});
