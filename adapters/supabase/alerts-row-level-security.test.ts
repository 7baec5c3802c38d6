// The alerts' tables and functions (20261201070400_alerts.sql and the rules migration after it), applied
// to a real PostgreSQL database, every call made as PostgREST makes it: as anon, as a signed-in user
// with the JWT's claims, or as the service role the send-quote-alert function uses.
// Error codes: 42501 insufficient_privilege (no grant, or a row refused by a policy), 22023 a bad argument.
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { expect, test } from 'vitest';
import { maxPushDevicesPerStaff } from '../../domain/alerts/alert-devices';
import { type Claims, withSupabaseUsers } from './supabase-scratch-database.test-support';

const visitor: Claims = { role: 'anon' };
const serviceRole: Claims = { role: 'service_role' };

const withSupabase = withSupabaseUsers({
  sam: { email: 'sam@se1plumbing.example', staff: true },
  jo: { email: 'jo@se1plumbing.example', staff: true },
  stranger: { email: 'stranger@example.co.uk', staff: false },
});

async function storeQuote(owner: Client, { urgent = true } = {}): Promise<string> {
  const { rows } = await owner.query<{ id: string }>(
    `insert into public.quote_requests (name, phone, service_type, urgent) values ('Tom Price', '07700 900123', 'emergency', $1) returning id`,
    [urgent],
  );
  return rows[0]?.id ?? '';
}

/** A push subscription as a browser makes one: an HTTPS endpoint, a P-256 key and an auth secret, base64url. */
const subscription = (name: string) => ({
  endpoint: `https://push.example.net/send/${name}`,
  p256dh: `B${'A'.repeat(86)}`,
  auth: 'AAAAAAAAAAAAAAAAAAAAAA',
  label: `${name}'s phone`,
});

const addDevice = (db: Client, device: ReturnType<typeof subscription>) =>
  db.query<{ id: string; user_id: string }>(
    'insert into public.push_devices (endpoint, p256dh, auth, label) values ($1, $2, $3, $4) returning id, user_id',
    [device.endpoint, device.p256dh, device.auth, device.label],
  );

const takeQuote = (db: Client, id: string) => db.query<{ result: Record<string, unknown> }>('select public.take_quote($1) as result', [id]);

const rota = [{ staff: 'sam@se1plumbing.example', day: 'monday', start: '08:00', end: '18:00' }];
const saveRota = (db: Client, shifts: unknown) => db.query('select public.save_on_call_rota($1::jsonb)', [JSON.stringify(shifts)]);

const permissionDenied = (what: string) => ({ code: '42501', message: `permission denied for ${what}` });

const alertTables = ['alert_records', 'push_devices', 'on_call_shifts', 'alert_take_tokens'];

test('anon can read, write or call nothing of the alerts', () =>
  withSupabase(async ({ owner, request }) => {
    const id = await storeQuote(owner);
    for (const table of alertTables) {
      await expect(request(visitor, (db) => db.query(`select * from public.${table}`))).rejects.toMatchObject(permissionDenied(`table ${table}`));
    }
    await expect(request(visitor, (db) => addDevice(db, subscription('anon')))).rejects.toMatchObject(permissionDenied('table push_devices'));
    await expect(
      request(visitor, (db) => db.query(`insert into public.alert_records (quote_id, step, recipients, everyone) values ($1, 'new', '{}', true)`, [id])),
    ).rejects.toMatchObject(permissionDenied('table alert_records'));
    await expect(
      request(visitor, (db) => db.query(`insert into public.on_call_shifts values (0, 'sam@se1plumbing.example', 'monday', '08:00', '18:00')`)),
    ).rejects.toMatchObject(permissionDenied('table on_call_shifts'));
    await expect(request(visitor, (db) => takeQuote(db, id))).rejects.toMatchObject(permissionDenied('function take_quote'));
    await expect(request(visitor, (db) => saveRota(db, rota))).rejects.toMatchObject(permissionDenied('function save_on_call_rota'));
    for (const call of ['staff_emails()', `alert_candidates(now())`, `record_alert('${id}', 'new', '[]', true)`, `redeem_take_token(gen_random_uuid(), '${id}')`, `staff_push_devices('[]')`]) {
      await expect(request(visitor, (db) => db.query(`select public.${call}`))).rejects.toMatchObject({ code: '42501' });
    }
    // The columns stay unwritable even with the insert a visitor may make.
    await expect(
      request(visitor, (db) =>
        db.query(`insert into public.quote_requests (name, phone, service_type, taken_by) values ('A', '1', 'other', 'me@example.com')`),
      ),
    ).rejects.toMatchObject(permissionDenied('table quote_requests'));
  }));

test('a staff member sees, adds and removes only their own devices; user_id comes from the token', () =>
  withSupabase(async ({ owner, request, sam, jo }) => {
    const [samsPhone] = (await request(sam, (db) => addDevice(db, subscription('sam')))).rows;
    await request(jo, (db) => addDevice(db, subscription('jo')));
    expect(samsPhone?.user_id).toBe(sam.sub);

    const seen = await request(sam, (db) => db.query<{ label: string }>('select label from public.push_devices'));
    expect(seen.rows).toEqual([{ label: "sam's phone" }]);

    // Jo can neither delete nor see Sam's device, nor add one in Sam's name.
    const removed = await request(jo, (db) => db.query('delete from public.push_devices where id = $1', [samsPhone?.id]));
    expect(removed.rowCount).toBe(0);
    await expect(
      request(jo, (db) =>
        db.query(`insert into public.push_devices (user_id, endpoint, p256dh, auth, label) values ($1, 'https://push.example.net/x', $2, $3, 'x')`, [
          sam.sub,
          subscription('x').p256dh,
          subscription('x').auth,
        ]),
      ),
    ).rejects.toMatchObject(permissionDenied('table push_devices'));
    await expect(request(sam, (db) => db.query(`update public.push_devices set label = 'mine' where id = $1`, [samsPhone?.id]))).rejects.toMatchObject(
      permissionDenied('table push_devices'),
    );

    const own = await request(sam, (db) => db.query('delete from public.push_devices where id = $1', [samsPhone?.id]));
    expect(own.rowCount).toBe(1);
    expect((await owner.query<{ label: string }>('select label from public.push_devices')).rows).toEqual([{ label: "jo's phone" }]);
  }));

test('a device is refused with a plain-HTTP endpoint or keys that are not base64url', () =>
  withSupabase(async ({ request, sam }) => {
    await expect(request(sam, (db) => addDevice(db, { ...subscription('sam'), endpoint: 'http://push.example.net/a' }))).rejects.toMatchObject({
      code: '23514',
      constraint: 'push_devices_endpoint',
    });
    await expect(request(sam, (db) => addDevice(db, { ...subscription('sam'), auth: 'not base64!' }))).rejects.toMatchObject({
      code: '23514',
      constraint: 'push_devices_auth',
    });
  }));

test('a signed-in user who is not staff can add, read, take or save nothing', () =>
  withSupabase(async ({ owner, request, sam, stranger }) => {
    const id = await storeQuote(owner);
    await request(sam, (db) => addDevice(db, subscription('sam')));
    await request(sam, (db) => saveRota(db, rota));
    await owner.query(`insert into public.alert_records (quote_id, step, recipients, everyone) values ($1, 'new', '{sam@se1plumbing.example}', false)`, [id]);

    await expect(request(stranger, (db) => addDevice(db, subscription('stranger')))).rejects.toMatchObject({
      code: '42501',
      message: expect.stringMatching(/row-level security policy for table "push_devices"/) as unknown,
    });
    for (const table of ['alert_records', 'push_devices', 'on_call_shifts']) {
      expect((await request(stranger, (db) => db.query(`select * from public.${table}`))).rows, table).toEqual([]);
    }
    await expect(request(stranger, (db) => db.query('select * from public.alert_take_tokens'))).rejects.toMatchObject(
      permissionDenied('table alert_take_tokens'),
    );
    await expect(request(stranger, (db) => takeQuote(db, id))).rejects.toMatchObject(permissionDenied('function take_quote'));
    await expect(request(stranger, (db) => saveRota(db, []))).rejects.toMatchObject(permissionDenied('function save_on_call_rota'));
    await expect(request(stranger, (db) => db.query('select public.staff_emails()'))).rejects.toMatchObject(permissionDenied('function staff_emails'));
    expect((await owner.query('select taken_by from public.quote_requests')).rows).toEqual([{ taken_by: null }]);
    expect((await owner.query('select count(*)::int as n from public.on_call_shifts')).rows).toEqual([{ n: 1 }]);
  }));

test('a request is taken once: the first staff member stamps it, the second hears who and when', () =>
  withSupabase(async ({ owner, request, sam, jo }) => {
    const id = await storeQuote(owner);
    const first = (await request(sam, (db) => takeQuote(db, id))).rows[0]?.result;
    expect(first).toMatchObject({ outcome: 'taken', quote: { id, taken: { by: 'sam@se1plumbing.example' }, alerts: [] } });
    const second = (await request(jo, (db) => takeQuote(db, id))).rows[0]?.result;
    expect(second).toEqual({ outcome: 'already-taken', taken: { by: 'sam@se1plumbing.example', at: expect.any(String) as unknown } });
    const { rows } = await owner.query<{ taken_by: string; taken_at: Date }>('select taken_by, taken_at from public.quote_requests');
    expect(rows).toEqual([{ taken_by: 'sam@se1plumbing.example', taken_at: expect.any(Date) as unknown }]);

    // Marking it contacted later keeps who took it.
    await request(jo, (db) => db.query(`select public.change_quote_status($1, 'new', 'contacted')`, [id]));
    expect((await owner.query('select taken_by from public.quote_requests')).rows).toEqual([{ taken_by: 'sam@se1plumbing.example' }]);

    expect((await request(sam, (db) => takeQuote(db, randomUUID()))).rows[0]?.result).toEqual({ outcome: 'not-found' });
  }));

test('marking a request contacted takes it for whoever did; one that left the Waiting view untaken is not waiting', () =>
  withSupabase(async ({ owner, request, sam, jo }) => {
    const id = await storeQuote(owner);
    const changed = (await request(jo, (db) => db.query<{ result: { quote: unknown } }>(`select public.change_quote_status($1, 'new', 'contacted') as result`, [id])))
      .rows[0]?.result;
    expect(changed?.quote).toMatchObject({ taken: { by: 'jo@se1plumbing.example' } });
    expect((await request(sam, (db) => takeQuote(db, id))).rows[0]?.result).toMatchObject({ outcome: 'already-taken', taken: { by: 'jo@se1plumbing.example' } });

    const old = await storeQuote(owner);
    await owner.query(`update public.quote_requests set status = 'contacted', responded_at = now() where id = $1`, [old]);
    expect((await request(sam, (db) => takeQuote(db, old))).rows[0]?.result).toEqual({ outcome: 'not-waiting', current: 'contacted' });
  }));

test('the inbox shows who took a request and its alert steps in order', () =>
  withSupabase(async ({ owner, request, sam }) => {
    const id = await storeQuote(owner);
    await owner.query(
      `insert into public.alert_records (quote_id, step, at, recipients, everyone) values
         ($1, 'escalated', '2026-12-01T10:10:00Z', '{jo@se1plumbing.example}', true),
         ($1, 'new', '2026-12-01T10:00:00Z', '{sam@se1plumbing.example}', false)`,
      [id],
    );
    await request(sam, (db) => takeQuote(db, id));
    const page = await request(sam, (db) => db.query<{ page: { quotes: Record<string, unknown>[] } }>(`select public.inbox_page('all', now(), 10) as page`));
    const [quote] = page.rows[0]?.page.quotes ?? [];
    expect(quote?.taken).toEqual({ by: 'sam@se1plumbing.example', at: expect.any(String) as unknown });
    expect(quote?.alerts).toEqual([
      { step: 'new', at: '2026-12-01T10:00:00+00:00', recipients: ['sam@se1plumbing.example'], everyone: false },
      { step: 'escalated', at: '2026-12-01T10:10:00+00:00', recipients: ['jo@se1plumbing.example'], everyone: true },
    ]);
  }));

test('staff replace the rota in one go; a shift naming someone not on the staff, or a bad day, leaves the old one whole', () =>
  withSupabase(async ({ owner, request, sam, jo }) => {
    await request(sam, (db) => saveRota(db, rota));
    const next = [
      { staff: 'jo@se1plumbing.example', day: 'tuesday', start: '18:00', end: '08:00' },
      { staff: 'sam@se1plumbing.example', day: 'sunday', start: '00:00', end: '00:00' },
    ];
    await request(jo, (db) => saveRota(db, next));
    const stored = await request(sam, (db) => db.query('select staff, day, start_time, end_time from public.on_call_shifts order by position'));
    expect(stored.rows).toEqual(next.map(({ staff, day, start, end }) => ({ staff, day, start_time: start, end_time: end })));

    for (const [shifts, message] of [
      [[...next, { staff: 'stranger@example.co.uk', day: 'monday', start: '08:00', end: '09:00' }], 'Shift 3: staff must be the email of a staff member'],
      [[{ ...rota[0], day: 'funday' }], 'Shift 1: day must be a day of the week'],
      [[{ ...rota[0], start: '8am' }], 'Shift 1: start must be a time like 08:00'],
      [Array.from({ length: 201 }, () => rota[0]), 'The rota holds at most 200 shifts'],
      [{ staff: 'x' }, 'The rota must be a list of shifts'],
    ] as const) {
      await expect(request(sam, (db) => saveRota(db, shifts))).rejects.toMatchObject({ code: '22023', message });
    }
    expect((await owner.query('select count(*)::int as n from public.on_call_shifts')).rows).toEqual([{ n: 2 }]);
    expect((await request(sam, (db) => db.query<{ emails: string[] }>('select public.staff_emails() as emails'))).rows[0]?.emails).toEqual([
      'jo@se1plumbing.example',
      'sam@se1plumbing.example',
    ]);
  }));

test('the service role records each step once, only for a request still waiting, and gets the recipients\' devices', () =>
  withSupabase(async ({ owner, request, sam, jo }) => {
    const id = await storeQuote(owner);
    await request(sam, (db) => addDevice(db, subscription('sam')));
    await request(jo, (db) => addDevice(db, subscription('jo')));
    const record = (step: string) =>
      request(serviceRole, (db) =>
        db.query<{ result: { targets: { staff: string; endpoint: string }[] } | null }>(`select public.record_alert($1, $2, $3::jsonb, false) as result`, [
          id,
          step,
          JSON.stringify(['sam@se1plumbing.example']),
        ]),
      );
    const first = (await record('new')).rows[0]?.result;
    expect(first?.targets.map(({ staff, endpoint }) => ({ staff, endpoint }))).toEqual([
      { staff: 'sam@se1plumbing.example', endpoint: subscription('sam').endpoint },
    ]);
    expect((await record('new')).rows[0]?.result).toBeNull();
    await expect(record('sometime')).rejects.toMatchObject({ code: '23514', constraint: 'alert_records_step' });

    const candidates = await request(serviceRole, (db) => db.query<{ result: unknown[] }>(`select public.alert_candidates(now() - interval '1 day') as result`));
    expect(candidates.rows[0]?.result).toEqual([expect.objectContaining({ id, status: 'new', taken_by: null, alerts: [expect.objectContaining({ step: 'new' }) as unknown] })]);

    await request(jo, (db) => takeQuote(db, id));
    expect((await record('escalated')).rows[0]?.result).toBeNull();
    const none = await request(serviceRole, (db) => db.query<{ result: unknown[] }>(`select public.alert_candidates(now() - interval '1 day') as result`));
    expect(none.rows[0]?.result).toEqual([]);
  }));

test('a take token is issued with each push and works once, only for someone still on the staff', () =>
  withSupabase(async ({ owner, request, sam, jo }) => {
    const id = await storeQuote(owner);
    await request(sam, (db) => addDevice(db, subscription('sam')));
    await request(jo, (db) => addDevice(db, subscription('jo')));
    const recorded = await request(serviceRole, (db) =>
      db.query<{ result: { targets: { staff: string; take_id: string }[] } }>(`select public.record_alert($1, 'new', $2::jsonb, true) as result`, [
        id,
        JSON.stringify(['sam@se1plumbing.example', 'jo@se1plumbing.example']),
      ]),
    );
    const tokens = Object.fromEntries((recorded.rows[0]?.result.targets ?? []).map(({ staff, take_id }) => [staff, take_id]));
    expect(Object.keys(tokens).sort()).toEqual(['jo@se1plumbing.example', 'sam@se1plumbing.example']);
    const redeem = (token: string | undefined, quoteId = id) =>
      request(serviceRole, (db) => db.query<{ result: unknown }>('select public.redeem_take_token($1, $2) as result', [token, quoteId]));

    // Jo leaves: Jo's token takes nothing, and stays unspent.
    await owner.query(`delete from public.staff where user_id = $1`, [jo.sub]);
    expect((await redeem(tokens['jo@se1plumbing.example'])).rows[0]?.result).toEqual({ outcome: 'not-staff' });
    expect((await redeem(tokens['sam@se1plumbing.example'], randomUUID())).rows[0]?.result).toEqual({ outcome: 'spent' });
    expect((await redeem(tokens['sam@se1plumbing.example'])).rows[0]?.result).toMatchObject({
      outcome: 'taken',
      quote: { taken: { by: 'sam@se1plumbing.example' } },
    });
    expect((await redeem(tokens['sam@se1plumbing.example'])).rows[0]?.result).toEqual({ outcome: 'spent' });
    expect((await redeem(randomUUID())).rows[0]?.result).toEqual({ outcome: 'spent' });
    await expect(request(sam, (db) => db.query('select public.redeem_take_token(gen_random_uuid(), $1)', [id]))).rejects.toMatchObject({ code: '42501' });
  }));

test('the service role reads the devices of the staff it names, and of nobody no longer staff; staff may not', () =>
  withSupabase(async ({ owner, request, sam, jo }) => {
    await request(sam, (db) => addDevice(db, subscription('sam')));
    await request(jo, (db) => addDevice(db, subscription('jo')));
    const devicesOf = (claims: Claims, emails: string[]) =>
      request(claims, (db) =>
        db.query<{ devices: { staff: string; endpoint: string; label: string }[] }>('select public.staff_push_devices($1::jsonb) as devices', [JSON.stringify(emails)]),
      );
    const found = (await devicesOf(serviceRole, ['Sam@SE1plumbing.example'])).rows[0]?.devices;
    expect(found).toEqual([expect.objectContaining({ staff: 'sam@se1plumbing.example', endpoint: subscription('sam').endpoint, label: "sam's phone" }) as unknown]);
    expect(Object.keys(found?.[0] ?? {}).sort()).toEqual(['auth', 'endpoint', 'id', 'label', 'p256dh', 'staff']);
    expect((await devicesOf(serviceRole, [])).rows[0]?.devices).toEqual([]);
    await owner.query(`delete from public.staff where user_id = $1`, [jo.sub]);
    expect((await devicesOf(serviceRole, ['jo@se1plumbing.example'])).rows[0]?.devices).toEqual([]);
    await expect(devicesOf(sam, ['sam@se1plumbing.example'])).rejects.toMatchObject(permissionDenied('function staff_push_devices'));
  }));

test('saving a subscription already kept updates it and moves it to the caller; only staff may', () =>
  withSupabase(async ({ owner, request, sam, jo, stranger }) => {
    const save = (claims: Claims, label: string) =>
      request(claims, (db) =>
        db.query<{ device: { id: string; label: string } }>('select public.save_push_device($1, $2, $3, $4) as device', [
          subscription('shared').endpoint,
          subscription('shared').p256dh,
          subscription('shared').auth,
          label,
        ]),
      );
    const first = (await save(sam, 'Chrome on Android')).rows[0]?.device;
    const second = (await save(jo, 'Firefox on Android')).rows[0]?.device;
    expect(second).toEqual({ ...first, label: 'Firefox on Android' });
    expect((await owner.query('select user_id, label from public.push_devices')).rows).toEqual([{ user_id: jo.sub, label: 'Firefox on Android' }]);
    await expect(save(stranger, 'Mine')).rejects.toMatchObject(permissionDenied('function save_push_device'));
    await expect(save(visitor, 'Mine')).rejects.toMatchObject(permissionDenied('function save_push_device'));
  }));

/** The refusal of a device over the limit, as PostgreSQL reports a check constraint's. */
const overTheLimit = { code: '23514', constraint: 'push_devices_per_staff' };

test('a staff member keeps at most ten devices, whether added straight into the table or through save_push_device', () =>
  withSupabase(async ({ owner, request, sam, jo }) => {
    for (let index = 0; index < maxPushDevicesPerStaff; index++) await request(sam, (db) => addDevice(db, subscription(`sam-${index}`)));
    await expect(request(sam, (db) => addDevice(db, subscription('sam-eleventh')))).rejects.toMatchObject(overTheLimit);
    const save = (claims: Claims, device: ReturnType<typeof subscription>) =>
      request(claims, (db) => db.query('select public.save_push_device($1, $2, $3, $4)', [device.endpoint, device.p256dh, device.auth, device.label]));
    await expect(save(sam, subscription('sam-eleventh'))).rejects.toMatchObject(overTheLimit);
    // Jo's phone does not become Sam's eleventh, and stays Jo's.
    await request(jo, (db) => addDevice(db, subscription('jo')));
    await expect(save(sam, subscription('jo'))).rejects.toMatchObject(overTheLimit);
    // One of Sam's ten saved again is no new device.
    await save(sam, { ...subscription('sam-3'), label: 'Renamed' });
    const { rows } = await owner.query<{ user_id: string; n: number }>('select user_id, count(*)::int as n from public.push_devices group by user_id order by n');
    expect(rows).toEqual([
      { user_id: jo.sub, n: 1 },
      { user_id: sam.sub, n: maxPushDevicesPerStaff },
    ]);
  }));

test('thirty devices added at once, each on a connection of its own, leave ten', () =>
  withSupabase(async ({ owner, requestAlone, sam }) => {
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, index) => requestAlone(sam, (db) => addDevice(db, subscription(`sam-${index}`)))));
    expect(results.filter(({ status }) => status === 'fulfilled')).toHaveLength(maxPushDevicesPerStaff);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject(overTheLimit);
    expect((await owner.query('select count(*)::int as n from public.push_devices')).rows).toEqual([{ n: maxPushDevicesPerStaff }]);
  }));
