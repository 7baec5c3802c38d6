// The rules migration: the newest one holds today's domain, a new one is written only when that
// changes and always after every other migration, and it can be applied over the one before it.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { responseClockMinutes, responsePromise } from '../../domain/business';
import { describeField, quoteFieldList } from '../../domain/quote/quote';
import { findNewestRulesMigration, nextMigrationVersion, writeRulesMigration } from './domain-rules-migration';
import { domainRulesSql } from './domain-rules-sql';
import { supabaseScratchDatabase } from './supabase-scratch-database.test-support';

test('the newest *_domain_rules.sql migration is what `npm run supabase:rules` writes from today\'s domain', async () => {
  const newest = await findNewestRulesMigration();
  expect(newest, 'no rules migration: run `npm run supabase:rules`').toBeDefined();
  expect(
    newest?.text,
    `domain/ has changed since ${newest?.file ?? 'the newest rules migration'}: run \`npm run supabase:rules\` and commit the migration it writes`,
  ).toBe(domainRulesSql());
});

test('a new migration is dated now, or a second after the newest one when that is later', () => {
  const files = ['20261121070000_create_quote_requests.sql', '20261201070200_quote_inbox_functions.sql', 'README.md'];
  expect(nextMigrationVersion(files, new Date('2026-11-23T18:41:52.500Z'))).toBe('20261201070201');
  expect(nextMigrationVersion(files, new Date('2027-01-02T03:04:05.999Z'))).toBe('20270102030405');
  expect(nextMigrationVersion(['20261231235959_x.sql'], new Date('2026-01-01T00:00:00Z'))).toBe('20270101000000');
  expect(nextMigrationVersion([], new Date('2026-11-23T18:41:52Z'))).toBe('20261123184152');
});

test('the script writes a migration only when the rules differ from the newest one, and never over a file', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'rules-'));
  try {
    const directory = pathToFileURL(`${folder}/`);
    const now = new Date('2026-12-01T08:00:00Z');
    await writeFile(new URL('20261201070200_quote_inbox_functions.sql', directory), '');
    expect(await writeRulesMigration(now, directory, 'rules one')).toBe('20261201080000_domain_rules.sql');
    expect(await writeRulesMigration(new Date('2026-12-02T08:00:00Z'), directory, 'rules one')).toBeUndefined();
    expect(await writeRulesMigration(now, directory, 'rules two')).toBe('20261201080001_domain_rules.sql');
    expect(await findNewestRulesMigration(directory)).toEqual({ file: '20261201080001_domain_rules.sql', text: 'rules two' });
    expect((await readdir(folder)).sort()).toEqual([
      '20261201070200_quote_inbox_functions.sql',
      '20261201080000_domain_rules.sql',
      '20261201080001_domain_rules.sql',
    ]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('the rules\' functions give the domain\'s promise, due-soon minutes and field limits', async () => {
  const supabase = await supabaseScratchDatabase();
  try {
    const { rows } = await supabase.owner.query<{ urgent: boolean; promise: number; soon: number }>(
      `select u as urgent, public.quote_promise_minutes(u) as promise, public.quote_due_soon_minutes(u) as soon
         from unnest(array[true, false]) as u order by u desc`,
    );
    expect(rows).toEqual([
      { urgent: true, promise: responsePromise.urgentMinutes, soon: responseClockMinutes.urgentDueSoon },
      { urgent: false, promise: responsePromise.standardMinutes, soon: responseClockMinutes.standardDueSoon },
    ]);
    for (const field of quoteFieldList) {
      const description = describeField(field);
      const { rows: limit } = await supabase.owner.query<{ max: number | null }>('select public.quote_field_max_length($1) as max', [description.name]);
      expect(limit, field).toEqual([{ max: description.maxLength ?? null }]);
    }
  } finally {
    await supabase.drop();
  }
});

test('the rules migration applies over the one before it: stored rows get their columns again, the waiting index comes back', async () => {
  const supabase = await supabaseScratchDatabase();
  try {
    const { rows: before } = await supabase.owner.query<{ id: string; due_at: Date; search_text: string }>(
      `insert into public.quote_requests (name, phone, service_type, urgent) values ('Ada', '020 7946 0123', 'other', true)
       returning id, due_at, search_text`,
    );
    await supabase.owner.query(`begin;\n${domainRulesSql()}\ncommit;`);
    const { rows: after } = await supabase.owner.query('select id, due_at, search_text from public.quote_requests');
    expect(after).toEqual(before);
    const { rows: indexes } = await supabase.owner.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where schemaname = 'public' and indexname = 'quote_requests_waiting'`,
    );
    expect(indexes.map(({ indexdef }) => indexdef.replace(/^.* USING btree /, ''))).toEqual(["(due_at, id) WHERE (status = 'new'::text)"]);
  } finally {
    await supabase.drop();
  }
});

test('each of the inbox\'s searches has one signature, the newest, which only signed-in users may call', async () => {
  const supabase = await supabaseScratchDatabase();
  try {
    await supabase.owner.query(`begin;\n${domainRulesSql()}\ncommit;`);
    const { rows } = await supabase.owner.query<{ name: string; anon: boolean; authenticated: boolean; service_role: boolean }>(
      `select p.proname as name,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_function_privilege('service_role', p.oid, 'execute') as service_role
         from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.proname in ('inbox_matching', 'inbox_page')
        order by p.proname`,
    );
    expect(rows).toEqual(['inbox_matching', 'inbox_page'].map((name) => ({ name, anon: false, authenticated: true, service_role: false })));
    const { rows: area } = await supabase.owner.query<{ name: string }>(
      `select p.proname as name from pg_proc p
        where p.pronamespace = 'public'::regnamespace and 'area' = any(p.proargnames) order by p.proname`,
    );
    expect(area.map(({ name }) => name)).toEqual(['inbox_matching', 'inbox_page']);
  } finally {
    await supabase.drop();
  }
});

test('a new request is refused an address a mailto: link would read as a query, or invisible characters; one stored before is kept', async () => {
  const supabase = await supabaseScratchDatabase();
  const insert = (name: string, email: string | null) =>
    supabase.request({ role: 'anon' }, (db) =>
      db.query(`insert into public.quote_requests (name, email, phone, service_type) values ($1, $2, '020 7946 0123', 'other')`, [name, email]),
    );
  try {
    // As a project looked before these rules: an old request holds both.
    await supabase.owner.query('alter table public.quote_requests drop constraint quote_requests_email_address, drop constraint quote_requests_name_visible');
    await insert('Bob \u202egnp.exe', 'x?bcc=spy@attacker.example');
    await supabase.owner.query(`begin;\n${domainRulesSql()}\ncommit;`);
    const { rows } = await supabase.owner.query<{ name: string; email: string }>('select name, email from public.quote_requests');
    expect(rows).toEqual([{ name: 'Bob \u202egnp.exe', email: 'x?bcc=spy@attacker.example' }]);

    for (const [name, email, constraint] of [
      ['Ada Lovelace', 'x?bcc=spy@attacker.example', 'quote_requests_email_address'],
      ['Ada Lovelace', 'ada&co@example.co.uk', 'quote_requests_email_address'],
      ['Ada Lovelace', 'ada@localhost', 'quote_requests_email_address'],
      ['Ada Lovelace', `${'a'.repeat(65)}@example.co.uk`, 'quote_requests_email_address'],
      ['Bob \u202egnp.exe', null, 'quote_requests_name_visible'],
      ['Bob\u200b', null, 'quote_requests_name_visible'],
      // Either rule may speak first.
      ['Ada Lovelace', 'ada\u2066@example.co.uk', /^quote_requests_email_(visible|address)$/],
    ] as const) {
      const refusal = await insert(name, email).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal, `${name} ${String(email)}`).toMatchObject({ code: '23514' });
      expect((refusal as { constraint?: string }).constraint).toMatch(constraint);
    }
    await insert("Siobhán O'Brien", "siobhan.o'brien+quotes@example.co.uk");
    await insert('Ada Lovelace', 'ada@xn--80ak6aa92e.com');
    const { rows: count } = await supabase.owner.query<{ count: string }>('select count(*) from public.quote_requests');
    expect(count).toEqual([{ count: '3' }]);
  } finally {
    await supabase.drop();
  }
});
