// The Supabase migrations, applied to a real PostgreSQL database, and every request made as PostgREST
// makes it: as the role anon (the public key) or authenticated (a signed-in user), with the JWT's claims.
// Error codes: 42501 insufficient_privilege (no grant, or a row refused by a policy), 23514 check_violation.
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { expect, test } from 'vitest';
import { describeField, type NamedFields, namedFieldList, quoteFieldList, toNamedFields } from '../../domain/quote/quote';
import { serviceTypes } from '../../domain/quote/service-type';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import {
  type Claims,
  type SupabaseScratchDatabase,
  supabaseScratchDatabase,
} from './supabase-scratch-database.test-support';

/** A row as a visitor sends it, its values any a test needs, wrong ones included. */
type NewQuoteRow = Record<keyof NamedFields, unknown>;

const quote: NewQuoteRow = toNamedFields(sampleQuote({ urgent: true }));

const visitor: Claims = { role: 'anon' };
const user = (id: string): Claims => ({ role: 'authenticated', sub: id });
const serviceRole: Claims = { role: 'service_role' };

const permissionDenied = { code: '42501', message: 'permission denied for table quote_requests' };
const checkViolation = (constraint: string) => ({ code: '23514', constraint });

async function withSupabase(work: (supabase: SupabaseScratchDatabase) => Promise<void>): Promise<void> {
  const supabase = await supabaseScratchDatabase();
  try {
    await work(supabase);
  } finally {
    await supabase.drop();
  }
}

/**
 * The insert the Supabase adapter sends: the form's fields and an id it made itself, asking for
 * nothing back (Prefer: return=minimal), unless `returning` says otherwise.
 */
function insertQuote(db: Client, row: NewQuoteRow, returning = '') {
  const values = [randomUUID(), ...namedFieldList.map((column) => row[column])];
  return db.query(
    `insert into public.quote_requests (id, ${namedFieldList.join(', ')})
     values (${values.map((_, index) => `$${index + 1}`).join(', ')}) ${returning}`,
    values,
  );
}

/** What the staff list asks for (SPEC.md section 7, call 3). */
const listQuotes = (db: Client) =>
  db.query<{ id: string; name: string }>('select * from public.quote_requests order by created_at desc');

/** Stored by the owner, past every policy, with a chosen time. */
async function storeQuote(owner: Client, name: string, createdAt: string): Promise<string> {
  const { rows } = await owner.query<{ id: string }>(
    `insert into public.quote_requests (name, phone, service_type, created_at)
     values ($1, '020 7946 0000', 'general', $2) returning id`,
    [name, createdAt],
  );
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

async function createUser(owner: Client, { staff }: { staff: boolean }): Promise<string> {
  const id = randomUUID();
  await owner.query('insert into auth.users (id) values ($1)', [id]);
  if (staff) await owner.query('insert into public.staff (user_id) values ($1)', [id]);
  return id;
}

const countQuotes = async (owner: Client) =>
  (await owner.query<{ count: string }>('select count(*) from public.quote_requests')).rows[0]?.count;

test('a visitor can send a valid request, as supabase-js does, without asking for it back', () =>
  withSupabase(async ({ owner, request }) => {
    const sent = await request(visitor, (db) =>
      insertQuote(db, { ...quote, email: null, description: null, urgent: false }),
    );
    expect(sent.rowCount).toBe(1);
    // PostgREST's own statement counts the inserted rows with RETURNING 1, which reads no column.
    await request(visitor, (db) => insertQuote(db, quote, 'returning 1'));

    const { rows } = await owner.query(
      `select ${namedFieldList.join(', ')},
              now() - created_at < interval '1 minute' as created_just_now
       from public.quote_requests order by urgent`,
    );
    expect(rows).toEqual([
      { ...quote, email: null, description: null, urgent: false, created_just_now: true },
      { ...quote, created_just_now: true },
    ]);
  }));

test('a visitor who asks for the inserted row back (return=representation) is refused: no read access', () =>
  withSupabase(async ({ owner, request }) => {
    await expect(request(visitor, (db) => insertQuote(db, quote, 'returning *'))).rejects.toMatchObject(
      permissionDenied,
    );
    // A signed-in user who is not staff has the SELECT grant, but the row is outside every SELECT policy.
    const stranger = await createUser(owner, { staff: false });
    await expect(request(user(stranger), (db) => insertQuote(db, quote, 'returning *'))).rejects.toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "quote_requests"',
    });
    expect(await countQuotes(owner)).toBe('0');
  }));

test('a visitor chooses the id, but not the time, of a request', () =>
  withSupabase(async ({ owner, request }) => {
    const id = randomUUID();
    const insert = (column: string, value: string) =>
      request(visitor, (db) =>
        db.query(`insert into public.quote_requests (name, phone, service_type, ${column}) values ('A', '1', 'other', $1)`, [
          value,
        ]),
      );
    await insert('id', id);
    await expect(insert('created_at', '2020-01-01T00:00:00Z')).rejects.toMatchObject(permissionDenied);
    // An id that is taken is refused, without saying anything about the request that has it.
    await expect(insert('id', id)).rejects.toMatchObject({ code: '23505', constraint: 'quote_requests_pkey' });
    expect((await owner.query('select id from public.quote_requests')).rows).toEqual([{ id }]);
  }));

test('a visitor cannot read any request: a permission error, not an empty list', () =>
  withSupabase(async ({ owner, request }) => {
    await storeQuote(owner, 'Ada', '2024-05-01T09:00:00Z');
    await expect(request(visitor, listQuotes)).rejects.toMatchObject(permissionDenied);
  }));

test('a visitor cannot delete or update a request', () =>
  withSupabase(async ({ owner, request }) => {
    const id = await storeQuote(owner, 'Ada', '2024-05-01T09:00:00Z');
    await expect(
      request(visitor, (db) => db.query('delete from public.quote_requests where id = $1', [id])),
    ).rejects.toMatchObject(permissionDenied);
    await expect(request(visitor, (db) => db.query('delete from public.quote_requests'))).rejects.toMatchObject(
      permissionDenied,
    );
    await expect(
      request(visitor, (db) => db.query(`update public.quote_requests set name = 'Mallory'`)),
    ).rejects.toMatchObject(permissionDenied);
    expect((await owner.query('select name from public.quote_requests')).rows).toEqual([{ name: 'Ada' }]);
  }));

test('the CHECK constraints refuse a name of 101 characters and an unknown service type', () =>
  withSupabase(async ({ owner, request }) => {
    await expect(
      request(visitor, (db) => insertQuote(db, { ...quote, name: 'a'.repeat(101) })),
    ).rejects.toMatchObject(checkViolation('quote_requests_name_length'));
    await expect(
      request(visitor, (db) => insertQuote(db, { ...quote, service_type: 'roofing' })),
    ).rejects.toMatchObject(checkViolation('quote_requests_service_type'));
    expect(await countQuotes(owner)).toBe('0');
  }));

/** Every field with a limit, by its column: each a text column of the visitor's insert. */
const limitedFields = quoteFieldList.flatMap((field) => {
  const { name, maxLength, kind } = describeField(field);
  return maxLength === undefined ? [] : [{ column: name, max: maxLength, kind }];
});

/** A value of `length` characters the field's other rules take: an email must still be an address. */
function valueOfLength(kind: string, length: number): string {
  if (kind !== 'email') return 'é'.repeat(length);
  const local = 'a'.repeat(64);
  const labels = [];
  for (let left = length - local.length - 1 - '.uk'.length; left > 0; left -= 64) labels.push('b'.repeat(Math.min(63, left)));
  return `${local}@${labels.join('.')}.uk`.slice(0, length);
}

test('the CHECK constraints hold exactly the domain limits: 1 to the maximum, and every service type', () =>
  withSupabase(async ({ owner, request }) => {
    const insert = (row: NewQuoteRow) => request(visitor, (db) => insertQuote(db, row));
    for (const { column, max, kind } of limitedFields) {
      await insert({ ...quote, [column]: valueOfLength(kind, max) });
      for (const refused of ['', valueOfLength(kind, max + 1)]) {
        // An empty address breaks the address rule too, and either may speak first.
        const constraint = kind === 'email' && refused === '' ? new RegExp(`^quote_requests_${column}_(length|address)$`) : `quote_requests_${column}_length`;
        const error = await insert({ ...quote, [column]: refused }).then(() => undefined, (failure: unknown) => failure);
        expect(error, `${column} of ${refused.length}`).toMatchObject({ code: '23514' });
        expect((error as { constraint?: string }).constraint).toMatch(constraint);
      }
    }
    for (const serviceType of serviceTypes) await insert({ ...quote, service_type: serviceType });
    expect(await countQuotes(owner)).toBe(String(limitedFields.length + serviceTypes.length));
  }));

test('a signed-in user who is not staff reads nothing and cannot delete', () =>
  withSupabase(async ({ owner, request }) => {
    const id = await storeQuote(owner, 'Ada', '2024-05-01T09:00:00Z');
    const stranger = await createUser(owner, { staff: false });

    expect((await request(user(stranger), listQuotes)).rows).toEqual([]);
    // Row-level security hides the row, so the delete finds nothing to delete rather than failing.
    const deleted = await request(user(stranger), (db) => db.query('delete from public.quote_requests where id = $1', [id]));
    expect(deleted.rowCount).toBe(0);
    expect(await countQuotes(owner)).toBe('1');
    expect((await request(user(stranger), (db) => db.query('select public.is_staff() as staff'))).rows).toEqual([
      { staff: false },
    ]);
  }));

test('a staff member reads every request, newest first, and can delete one', () =>
  withSupabase(async ({ owner, request }) => {
    const older = await storeQuote(owner, 'Older', '2024-05-01T09:00:00Z');
    const newest = await storeQuote(owner, 'Newest', '2024-05-03T09:00:00Z');
    const middle = await storeQuote(owner, 'Middle', '2024-05-02T09:00:00Z');
    const staff = await createUser(owner, { staff: true });

    const listed = await request(user(staff), listQuotes);
    expect(listed.rows.map(({ id }) => id)).toEqual([newest, middle, older]);

    const deleted = await request(user(staff), (db) => db.query('delete from public.quote_requests where id = $1', [middle]));
    expect(deleted.rowCount).toBe(1);
    expect((await request(user(staff), listQuotes)).rows.map(({ name }) => name)).toEqual(['Newest', 'Older']);
  }));

test('nobody can update a request: not a visitor, a signed-in user, staff, nor the service role', () =>
  withSupabase(async ({ owner, request }) => {
    await storeQuote(owner, 'Ada', '2024-05-01T09:00:00Z');
    const stranger = await createUser(owner, { staff: false });
    const staff = await createUser(owner, { staff: true });
    for (const claims of [visitor, user(stranger), user(staff), serviceRole]) {
      await expect(
        request(claims, (db) => db.query(`update public.quote_requests set urgent = true`)),
        claims.role,
      ).rejects.toMatchObject(permissionDenied);
    }
    expect((await owner.query('select urgent from public.quote_requests')).rows).toEqual([{ urgent: false }]);
  }));

test('a visitor cannot read the staff table, nor ask whether anyone is staff', () =>
  withSupabase(async ({ owner, request }) => {
    await createUser(owner, { staff: true });
    await expect(request(visitor, (db) => db.query('select * from public.staff'))).rejects.toMatchObject({
      code: '42501',
      message: 'permission denied for table staff',
    });
    await expect(request(visitor, (db) => db.query('select public.is_staff()'))).rejects.toMatchObject({
      code: '42501',
      message: 'permission denied for function is_staff',
    });
  }));

test('a signed-in user reads only their own staff row, and cannot make themselves staff', () =>
  withSupabase(async ({ owner, request }) => {
    const staff = await createUser(owner, { staff: true });
    await createUser(owner, { staff: true });
    const stranger = await createUser(owner, { staff: false });
    const staffRows = (claims: Claims) =>
      request(claims, (db) => db.query<{ user_id: string }>('select user_id from public.staff'));

    expect((await staffRows(user(staff))).rows).toEqual([{ user_id: staff }]);
    expect((await staffRows(user(stranger))).rows).toEqual([]);
    await expect(
      request(user(stranger), (db) => db.query('insert into public.staff (user_id) values ($1)', [stranger])),
    ).rejects.toMatchObject({ code: '42501', message: 'permission denied for table staff' });
  }));

test('a staff member whose account is deleted reads nothing any more', () =>
  withSupabase(async ({ owner, request }) => {
    await storeQuote(owner, 'Ada', '2024-05-01T09:00:00Z');
    const staff = await createUser(owner, { staff: true });
    expect((await request(user(staff), listQuotes)).rows).toHaveLength(1);

    await owner.query('delete from auth.users where id = $1', [staff]);
    expect((await request(user(staff), listQuotes)).rows).toEqual([]);
  }));

test('requests older than the retention period are deleted, and only those; nobody but the database may purge', () =>
  withSupabase(async ({ owner, request }) => {
    const now = Date.now();
    const monthsAgo = (months: number, plusDays = 0) => {
      const date = new Date(now);
      date.setUTCMonth(date.getUTCMonth() - months);
      date.setUTCDate(date.getUTCDate() + plusDays);
      return date.toISOString();
    };
    await storeQuote(owner, 'Expired', monthsAgo(24, -1));
    await storeQuote(owner, 'Just kept', monthsAgo(24, 1));
    await storeQuote(owner, 'Recent', monthsAgo(1));

    const purged = await owner.query<{ deleted: number }>('select public.purge_expired_quote_requests(24) as deleted');
    expect(purged.rows).toEqual([{ deleted: 1 }]);
    const left = await owner.query<{ name: string }>('select name from public.quote_requests order by created_at');
    expect(left.rows.map(({ name }) => name)).toEqual(['Just kept', 'Recent']);

    for (const claims of [visitor, user(randomUUID())]) {
      await expect(request(claims, (db) => db.query('select public.purge_expired_quote_requests(1)'))).rejects.toMatchObject({
        code: '42501',
      });
    }
  }));
