// The inbox's tables and functions (migrations 20261201*), applied to a real PostgreSQL database, every
// call made as PostgREST makes it: as anon, or as a signed-in user with the JWT's claims.
// Error codes: 42501 insufficient_privilege, 23514 check_violation, 42P01/42883 undefined.
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { expect, test } from 'vitest';
import { type Claims, type SupabaseScratchDatabase, supabaseScratchDatabase } from './supabase-scratch-database.test-support';

const visitor: Claims = { role: 'anon' };
const serviceRole: Claims = { role: 'service_role' };
const staffEmail = 'office@se1plumbing.example';

async function withSupabase(work: (supabase: SupabaseScratchDatabase & { staff: Claims; stranger: Claims }) => Promise<void>): Promise<void> {
  const supabase = await supabaseScratchDatabase();
  try {
    const staff = await createUser(supabase.owner, { staff: true });
    const stranger = await createUser(supabase.owner, { staff: false });
    await work({
      ...supabase,
      staff: { role: 'authenticated', sub: staff, email: staffEmail },
      stranger: { role: 'authenticated', sub: stranger, email: 'sam.okafor@example.co.uk' },
    });
  } finally {
    await supabase.drop();
  }
}

async function createUser(owner: Client, { staff }: { staff: boolean }): Promise<string> {
  const id = randomUUID();
  await owner.query('insert into auth.users (id) values ($1)', [id]);
  if (staff) await owner.query('insert into public.staff (user_id) values ($1)', [id]);
  return id;
}

async function storeQuote(owner: Client, { urgent = false, createdAt = '2024-05-01T09:00:00Z' } = {}): Promise<string> {
  const { rows } = await owner.query<{ id: string }>(
    `insert into public.quote_requests (name, phone, service_type, urgent, created_at)
     values ('Zoë Adeyemi', '07700 900123', 'heating', $1, $2) returning id`,
    [urgent, createdAt],
  );
  return rows[0]?.id ?? '';
}

const changeStatus = (db: Client, id: string, from: string, to: string) =>
  db.query<{ result: Record<string, unknown> }>('select public.change_quote_status($1, $2, $3) as result', [id, from, to]);

const addNote = (db: Client, id: string, text: string) =>
  db.query<{ result: Record<string, unknown> | null }>('select public.add_quote_note($1, $2) as result', [id, text]);

const permissionDenied = (what: string) => ({ code: '42501', message: `permission denied for ${what}` });

test('anon can read, write or call nothing of the inbox', () =>
  withSupabase(async ({ owner, request }) => {
    const id = await storeQuote(owner);
    for (const table of ['quote_status_changes', 'quote_notes']) {
      await expect(request(visitor, (db) => db.query(`select * from public.${table}`))).rejects.toMatchObject(permissionDenied(`table ${table}`));
    }
    await expect(request(visitor, (db) => changeStatus(db, id, 'new', 'contacted'))).rejects.toMatchObject(
      permissionDenied('function change_quote_status'),
    );
    await expect(request(visitor, (db) => addNote(db, id, 'Called'))).rejects.toMatchObject(permissionDenied('function add_quote_note'));
    for (const call of [`inbox_page('all', now(), 10)`, `clock_records(now())`]) {
      await expect(request(visitor, (db) => db.query(`select public.${call}`))).rejects.toMatchObject({ code: '42501' });
    }
    expect((await owner.query('select status from public.quote_requests')).rows).toEqual([{ status: 'new' }]);
  }));

test('a signed-in user who is not staff sees no page, no history, no notes, and can change or note nothing', () =>
  withSupabase(async ({ owner, request, staff, stranger }) => {
    const id = await storeQuote(owner);
    await request(staff, (db) => changeStatus(db, id, 'new', 'contacted'));
    await request(staff, (db) => addNote(db, id, 'Called back'));

    const page = await request(stranger, (db) => db.query(`select public.inbox_page('all', now(), 10) as page`));
    expect(page.rows).toEqual([{ page: { total: 0, quotes: [] } }]);
    expect((await request(stranger, (db) => db.query('select * from public.quote_status_changes'))).rows).toEqual([]);
    expect((await request(stranger, (db) => db.query('select * from public.quote_notes'))).rows).toEqual([]);
    expect((await request(stranger, (db) => db.query('select public.clock_records(now()) as records'))).rows).toEqual([{ records: [] }]);
    await expect(request(stranger, (db) => changeStatus(db, id, 'contacted', 'quoted'))).rejects.toMatchObject(
      permissionDenied('function change_quote_status'),
    );
    // Not staff, the request is not there for them: no note, and nothing said about it.
    expect((await request(stranger, (db) => addNote(db, id, 'Mine now'))).rows).toEqual([{ result: null }]);
    await expect(
      request(stranger, (db) => db.query(`insert into public.quote_notes (quote_id, text) values ($1, 'Direct')`, [id])),
    ).rejects.toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "quote_notes"' });
    expect((await owner.query('select status from public.quote_requests')).rows).toEqual([{ status: 'contacted' }]);
    expect((await owner.query('select count(*)::int as notes from public.quote_notes')).rows).toEqual([{ notes: 1 }]);
  }));

test('staff change a status: stamped with their email and the database time, the first call back sets responded_at', () =>
  withSupabase(async ({ owner, request, staff }) => {
    const id = await storeQuote(owner);
    const changed = await request(staff, (db) => changeStatus(db, id, 'new', 'contacted'));
    expect(changed.rows[0]?.result).toMatchObject({
      outcome: 'changed',
      quote: { id, status: 'contacted', history: [{ from: 'new', to: 'contacted', by: staffEmail }], notes: [] },
    });
    await request(staff, (db) => changeStatus(db, id, 'contacted', 'lost'));
    await request(staff, (db) => changeStatus(db, id, 'lost', 'contacted'));

    const { rows } = await owner.query<{ status: string; responded: boolean; history: unknown }>(
      `select q.status, now() - q.responded_at < interval '1 minute' as responded,
              (select jsonb_agg(jsonb_build_array(c.from_status, c.to_status, c.changed_by) order by c.id)
                 from public.quote_status_changes c where c.quote_id = q.id) as history
         from public.quote_requests q`,
    );
    expect(rows).toEqual([
      {
        status: 'contacted',
        responded: true,
        history: [
          ['new', 'contacted', staffEmail],
          ['contacted', 'lost', staffEmail],
          ['lost', 'contacted', staffEmail],
        ],
      },
    ]);
    // The first response time stands: coming back from lost does not move it.
    const responded = await owner.query<{ same: boolean }>(
      `select responded_at = (select min(changed_at) from public.quote_status_changes) as same from public.quote_requests`,
    );
    expect(responded.rows).toEqual([{ same: true }]);
  }));

test('a stale from is a conflict with the current status, an unknown id not-found, and neither writes anything', () =>
  withSupabase(async ({ owner, request, staff }) => {
    const id = await storeQuote(owner);
    await request(staff, (db) => changeStatus(db, id, 'new', 'contacted'));
    expect((await request(staff, (db) => changeStatus(db, id, 'new', 'contacted'))).rows[0]?.result).toEqual({
      outcome: 'conflict',
      current: 'contacted',
    });
    expect((await request(staff, (db) => changeStatus(db, randomUUID(), 'new', 'contacted'))).rows[0]?.result).toEqual({
      outcome: 'not-found',
    });
    expect((await owner.query('select count(*)::int as changes from public.quote_status_changes')).rows).toEqual([{ changes: 1 }]);
  }));

test('nobody moves a request back to new or skips a move, not through the function and not in the history table', () =>
  withSupabase(async ({ owner, request, staff }) => {
    const id = await storeQuote(owner);
    expect((await request(staff, (db) => changeStatus(db, id, 'new', 'won'))).rows[0]?.result).toEqual({ outcome: 'not-allowed' });
    await request(staff, (db) => changeStatus(db, id, 'new', 'contacted'));
    expect((await request(staff, (db) => changeStatus(db, id, 'contacted', 'new'))).rows[0]?.result).toEqual({ outcome: 'not-allowed' });
    // Not even the owner can record such a move, nor put a request back to 'new' with its response time.
    await expect(
      owner.query(`insert into public.quote_status_changes (quote_id, from_status, to_status, changed_by) values ($1, 'won', 'new', 'x')`, [id]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'quote_status_changes_move' });
    await expect(owner.query(`update public.quote_requests set status = 'new' where id = $1`, [id])).rejects.toMatchObject({
      code: '23514',
      constraint: 'quote_requests_responded',
    });
    expect((await owner.query('select status from public.quote_requests')).rows).toEqual([{ status: 'contacted' }]);
  }));

test('staff cannot update a request, nor update, delete or forge the history and notes; the service role only records the email', () =>
  withSupabase(async ({ owner, request, staff }) => {
    const id = await storeQuote(owner);
    await request(staff, (db) => changeStatus(db, id, 'new', 'contacted'));
    await request(staff, (db) => addNote(db, id, 'Called back'));

    const refused: [string, string][] = [
      [`update public.quote_requests set status = 'won'`, 'table quote_requests'],
      [`update public.quote_requests set business_email_sent_at = now()`, 'table quote_requests'],
      [`update public.quote_status_changes set changed_by = 'someone@else'`, 'table quote_status_changes'],
      [`delete from public.quote_status_changes`, 'table quote_status_changes'],
      [`insert into public.quote_status_changes (quote_id, from_status, to_status, changed_by) values ('${id}', 'contacted', 'won', 'x')`, 'table quote_status_changes'],
      [`update public.quote_notes set text = 'Rewritten'`, 'table quote_notes'],
      [`delete from public.quote_notes`, 'table quote_notes'],
      [`insert into public.quote_notes (quote_id, text, written_by) values ('${id}', 'Forged', 'boss@se1plumbing.example')`, 'table quote_notes'],
      [`insert into public.quote_notes (quote_id, text, written_at) values ('${id}', 'Backdated', '2020-01-01')`, 'table quote_notes'],
    ];
    for (const [sql, what] of refused) {
      await expect(request(staff, (db) => db.query(sql)), sql).rejects.toMatchObject(permissionDenied(what));
    }
    for (const sql of [`update public.quote_requests set status = 'won'`, `update public.quote_notes set text = 'x'`, 'delete from public.quote_status_changes']) {
      await expect(request(serviceRole, (db) => db.query(sql)), sql).rejects.toMatchObject({ code: '42501' });
    }
    const recorded = await request(serviceRole, (db) =>
      db.query(`update public.quote_requests set business_email_sent_at = now(), business_email_error = null where id = $1`, [id]),
    );
    expect(recorded.rowCount).toBe(1);

    const notes = await owner.query('select text, written_by from public.quote_notes');
    expect(notes.rows).toEqual([{ text: 'Called back', written_by: staffEmail }]);
    expect((await owner.query('select status from public.quote_requests')).rows).toEqual([{ status: 'contacted' }]);
  }));

test('staff add notes as themselves, now; an unknown request gets none; the text is checked like the domain', () =>
  withSupabase(async ({ owner, request, staff }) => {
    const id = await storeQuote(owner);
    const added = (await request(staff, (db) => addNote(db, id, 'Going round at 4pm.\nBring a ladder.'))).rows[0]?.result;
    expect(added).toMatchObject({ text: 'Going round at 4pm.\nBring a ladder.', by: staffEmail });
    // Directly, too: the defaults stamp who and when.
    await request(staff, (db) => db.query(`insert into public.quote_notes (quote_id, text) values ($1, 'Second')`, [id]));
    const { rows } = await owner.query<{ written_by: string; recent: boolean }>(
      `select written_by, now() - written_at < interval '1 minute' as recent from public.quote_notes`,
    );
    expect(rows).toEqual([
      { written_by: staffEmail, recent: true },
      { written_by: staffEmail, recent: true },
    ]);
    expect((await request(staff, (db) => addNote(db, randomUUID(), 'Nowhere'))).rows).toEqual([{ result: null }]);
    for (const [text, constraint] of [
      ['', 'quote_notes_text_length'],
      ['x'.repeat(2001), 'quote_notes_text_length'],
      ['bell\u0007', 'quote_notes_text_plain'],
    ] as const) {
      await expect(request(staff, (db) => addNote(db, id, text))).rejects.toMatchObject({ code: '23514', constraint });
    }
  }));

test('deleting a request takes its history and notes with it', () =>
  withSupabase(async ({ owner, request, staff }) => {
    const id = await storeQuote(owner);
    await request(staff, (db) => changeStatus(db, id, 'new', 'contacted'));
    await request(staff, (db) => addNote(db, id, 'Called'));
    await request(staff, (db) => db.query('delete from public.quote_requests where id = $1', [id]));
    const { rows } = await owner.query(
      'select (select count(*) from public.quote_status_changes)::int as changes, (select count(*) from public.quote_notes)::int as notes',
    );
    expect(rows).toEqual([{ changes: 0, notes: 0 }]);
  }));
