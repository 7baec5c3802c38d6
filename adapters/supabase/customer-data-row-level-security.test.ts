// The customer data functions (20261202070000_customer_data.sql), applied to a real PostgreSQL database
// with every earlier migration, each call made as PostgREST makes it: as anon, or as a signed-in user
// with the JWT's claims. 42501 is insufficient_privilege.
import fc from 'fast-check';
import type { Client } from 'pg';
import { expect, test } from 'vitest';
import { matchesSubject } from '../../domain/customer-data/customer-data';
import { phoneNumberKey } from '../../domain/quote/phone';
import { type Claims, withSupabaseUsers } from './supabase-scratch-database.test-support';

const visitor: Claims = { role: 'anon' };

const withSupabase = withSupabaseUsers({
  sam: { email: 'sam@se1plumbing.example', staff: true },
  stranger: { email: 'stranger@example.co.uk', staff: false },
});

async function storeQuote(owner: Client, email: string | null, phone: string): Promise<string> {
  const { rows } = await owner.query<{ id: string }>(
    `insert into public.quote_requests (name, email, phone, service_type, urgent) values ('Erin Gone', $1, $2, 'emergency', true) returning id`,
    [email, phone],
  );
  return rows[0]?.id ?? '';
}

const find = (db: Client, email: string | null, phone: string | null) =>
  db.query<{ result: { id: string; notes: unknown[] }[] }>('select public.customer_data($1, $2) as result', [email, phone]);
const erase = (db: Client, email: string | null, phone: string | null) =>
  db.query<{ result: Record<string, number> }>('select public.erase_customer_data($1, $2) as result', [email, phone]);

const permissionDenied = (what: string) => ({ code: '42501', message: `permission denied for ${what}` });

test('anon may call neither function, and a signed-in user who is not staff is refused by both', () =>
  withSupabase(async ({ owner, request, stranger }) => {
    await storeQuote(owner, 'erin@example.co.uk', '07700 900456');
    await expect(request(visitor, (db) => find(db, 'erin@example.co.uk', null))).rejects.toMatchObject(permissionDenied('function customer_data'));
    await expect(request(visitor, (db) => erase(db, 'erin@example.co.uk', null))).rejects.toMatchObject(permissionDenied('function erase_customer_data'));
    await expect(request(stranger, (db) => find(db, 'erin@example.co.uk', null))).rejects.toMatchObject(permissionDenied('function customer_data'));
    await expect(request(stranger, (db) => erase(db, 'erin@example.co.uk', null))).rejects.toMatchObject(permissionDenied('function erase_customer_data'));
    const { rows } = await owner.query<{ total: string }>('select count(*) as total from public.quote_requests');
    expect(rows[0]?.total).toBe('1');
  }));

test('staff find the customer by email or phone, and erase every row that refers to their requests', () =>
  withSupabase(async ({ owner, request, sam }) => {
    const theirs = await storeQuote(owner, 'Erin@Example.co.uk', '07700 900456');
    const alsoTheirs = await storeQuote(owner, null, '+44 7700 900456');
    const kept = await storeQuote(owner, 'kim@example.co.uk', '020 7946 0111');
    for (const id of [theirs, alsoTheirs, kept]) {
      await request(sam, (db) => db.query(`select public.add_quote_note($1, 'Rang back')`, [id]));
      await request(sam, (db) => db.query(`select public.change_quote_status($1, 'new', 'contacted')`, [id]));
      await owner.query(`insert into public.alert_records (quote_id, step, recipients, everyone) values ($1, 'new', '{sam@se1plumbing.example}', true)`, [id]);
      await owner.query(`insert into public.alert_take_tokens (quote_id, staff) values ($1, 'sam@se1plumbing.example')`, [id]);
    }
    await owner.query(`update public.quote_requests set business_email_sent_at = now() where id = $1`, [theirs]);

    const found = await request(sam, (db) => find(db, 'erin@example.co.uk', '07700900456'));
    expect(found.rows[0]?.result.map(({ id }) => id).sort()).toEqual([theirs, alsoTheirs].sort());
    expect(found.rows[0]?.result[0]?.notes).toHaveLength(1);

    const erased = await request(sam, (db) => erase(db, null, '+447700900456'));
    expect(erased.rows[0]?.result).toEqual({ requests: 2, notes: 2, status_changes: 2, emails: 1, alerts: 4 });

    for (const table of ['quote_requests', 'quote_notes', 'quote_status_changes', 'alert_records', 'alert_take_tokens']) {
      const column = table === 'quote_requests' ? 'id' : 'quote_id';
      const { rows } = await owner.query<{ id: string }>(`select ${column} as id from public.${table}`);
      expect(rows.map(({ id }) => id), table).toEqual([kept]);
    }
    expect((await request(sam, (db) => find(db, 'erin@example.co.uk', null))).rows[0]?.result).toEqual([]);
  }));

test('phone_number_key and is_customers_request agree with the domain on every way of writing a number', () =>
  withSupabase(async ({ owner }) => {
    const written = fc.oneof(
      fc.tuple(fc.constantFrom('07', '+44 7', '+44 (0)7', '0044 7', '00 44 (0) 7', '+1 ', '+33 6', '0'), fc.stringMatching(/^[\d ().-]{4,12}$/)).map(([a, b]) => a + b),
      fc.stringMatching(/^[+\d ().\-a-z]{1,20}$/),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(written, written), { minLength: 1, maxLength: 30 }), async (pairs) => {
        const { rows } = await owner.query<{ key: string; same: boolean }>(
          `select public.phone_number_key(p.stored) as key,
                  public.is_customers_request(jsonb_populate_record(null::public.quote_requests, jsonb_build_object('phone', p.stored)), null, p.asked) as same
             from unnest($1::text[], $2::text[]) with ordinality as p(stored, asked, n) order by p.n`,
          [pairs.map(([stored]) => stored), pairs.map(([, asked]) => asked)],
        );
        expect(rows.map(({ key }) => key)).toEqual(pairs.map(([stored]) => phoneNumberKey(stored)));
        expect(rows.map(({ same }) => same)).toEqual(pairs.map(([stored, asked]) => matchesSubject({ email: null, phone: stored }, { email: null, phone: asked })));
      }),
      { numRuns: 30 },
    );
  }));
