// The Supabase project's own SQL keeps the tables private and schedules the tick, and nothing else:
// pushed, then followed by our migrations as the `api` function runs them, it leaves tables that are
// the same as on our own PostgreSQL server and that Supabase's API roles can neither read nor write.
import { readFile } from 'node:fs/promises';
import type { Client } from 'pg';
import { escapeIdentifier } from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { openPostgresDatabase } from '../sql/database';
import { knownMigrations } from '../sql/migrate';
import { SqlQuoteRepository } from '../sql/sql-quote-repository';
import {
  apiRoles,
  migrateAsTheApi,
  migrationsDirectory,
  pushMigrations,
  type ScratchProjectDatabase,
  schemasDirectory,
  scratchProjectDatabase,
  sqlFilesIn,
} from './supabase-project-database.test-support';

let project: ScratchProjectDatabase;
let plain: ScratchProjectDatabase;
/** Whatever was made, for afterAll to drop even when making the rest failed. */
const made: ScratchProjectDatabase[] = [];

beforeAll(async () => {
  project = await scratchProjectDatabase({ supabase: true });
  made.push(project);
  plain = await scratchProjectDatabase({ supabase: false });
  made.push(plain);
  await pushMigrations(project.owner);
  await migrateAsTheApi(project.url);
  await migrateAsTheApi(plain.url);
  // Rows to hide: a request, with its emails in the outbox.
  const db = openPostgresDatabase(project.url);
  try {
    await new SqlQuoteRepository(db, { notify: true }).insert(sampleQuote());
  } finally {
    await db.destroy();
  }
});

afterAll(async () => {
  for (const database of made) await database.drop();
});

async function tablesIn(db: Client): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by 1`,
  );
  return rows.map((row) => row.name);
}

/** (a) The tables in `public` without row-level security. */
async function tablesWithoutRowLevelSecurity(db: Client): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select relname as name from pg_class
     where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and not relrowsecurity order by 1`,
  );
  return rows.map((row) => row.name);
}

/** A column a statement may set to itself: one the database does not generate. */
async function plainColumnOf(db: Client, table: string): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attidentity = '' and attgenerated = ''
     order by attnum limit 1`,
    [`public.${escapeIdentifier(table)}`],
  );
  return rows[0]?.name;
}

/** PostgreSQL's insufficient_privilege: a missing grant, or a row row-level security refuses. */
const refused = '42501';

/**
 * (b) What `role` got past the walls: each statement that was neither refused nor saw no row. Each
 * runs in a transaction rolled back after it, so nothing it did stays.
 */
async function whatGetsThrough(db: Client, role: string): Promise<string[]> {
  const through: string[] = [];
  for (const table of await tablesIn(db)) {
    const target = `public.${escapeIdentifier(table)}`;
    const column = await plainColumnOf(db, table);
    if (column === undefined) through.push(`update ${table}: no column to set`);
    const statements: Record<string, string> = {
      select: `select * from ${target}`,
      insert: `insert into ${target} default values`,
      ...(column !== undefined && { update: `update ${target} set ${escapeIdentifier(column)} = ${escapeIdentifier(column)}` }),
      delete: `delete from ${target}`,
    };
    for (const [verb, statement] of Object.entries(statements)) {
      await db.query('begin');
      try {
        await db.query(`set local role ${escapeIdentifier(role)}`);
        const result = await db.query(statement);
        // An insert that goes through inserts a row; the others must find none.
        if (verb === 'insert' || (result.rowCount ?? 0) > 0) through.push(`${verb} ${table}: ${result.rowCount} rows`);
      } catch (error) {
        const code = error instanceof Error && 'code' in error ? error.code : undefined;
        // Any other failure (a NOT NULL column left empty, say) came after the walls let it in.
        if (code !== refused) through.push(`${verb} ${table}: ${String(error)}`);
      } finally {
        await db.query('rollback');
      }
    }
  }
  return through;
}

/** (b) The first wall alone: what the API roles were granted on tables and sequences in `public`. */
async function grantsToApiRoles(db: Client): Promise<string[]> {
  const { rows } = await db.query<{ grant: string }>(
    `select c.relname || ': ' || a.privilege_type || ' to ' || r.rolname as grant
     from pg_class c, aclexplode(c.relacl) a, pg_roles r
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S')
       and r.oid = a.grantee and r.rolname = any($1) order by 1`,
    [apiRoles],
  );
  return rows.map((row) => row.grant);
}

/** (c) Everything about the tables in `public` that the application relies on, in a stable order. */
async function catalogueOf(db: Client): Promise<Record<'tables' | 'columns' | 'constraints' | 'indexes' | 'triggers', unknown[]>> {
  const query = async (text: string): Promise<unknown[]> => (await db.query<Record<string, unknown>>(text)).rows;
  return {
    tables: await query(`select relname, relkind from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p', 'v', 'm', 'S') order by 1`),
    columns: await query(`
      select table_name, column_name, ordinal_position, data_type, udt_name, is_nullable, column_default,
             is_identity, identity_generation, is_generated, generation_expression, collation_name
      from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`),
    constraints: await query(`
      select t.relname as table_name, c.conname, c.contype, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_class t on t.oid = c.conrelid
      where t.relnamespace = 'public'::regnamespace order by 1, 2`),
    indexes: await query(`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`),
    triggers: await query(`
      select c.relname as table_name, t.tgname, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal order by 1, 2`),
  };
}

/** (d) The every-minute jobs that post to the API's tick, as pg_cron holds them. */
async function tickJobs(db: Client): Promise<{ schedule: string; command: string }[]> {
  const { rows } = await db.query<{ schedule: string; command: string }>(
    `select schedule, command from cron.job where active and command like '%net.http_post%' order by jobid`,
  );
  return rows;
}

test('(a) every table in public has row-level security, the migrations’ own included', async () => {
  const tables = await tablesIn(project.owner);
  // Not an empty check: the application's tables and Kysely's own are there.
  expect(tables).toEqual(expect.arrayContaining(['quote_requests', 'notifications', 'staff_accounts', 'kysely_migration']));
  expect(await tablesWithoutRowLevelSecurity(project.owner)).toEqual([]);
});

test('(b) anon, authenticated and service_role can neither read nor write any table in public', async () => {
  // There are rows to see.
  expect((await project.owner.query('select count(*)::int as n from quote_requests')).rows).toEqual([{ n: 1 }]);
  for (const role of apiRoles) {
    expect({ role, through: await whatGetsThrough(project.owner, role) }).toEqual({ role, through: [] });
  }
  // Each wall holds alone: no grant, beside row-level security without a policy.
  expect(await grantsToApiRoles(project.owner)).toEqual([]);
});

test('(a, b) a table created later in public is closed too', async () => {
  await project.owner.query('create table public.added_later (id text primary key)');
  try {
    await project.owner.query(`insert into public.added_later values ('hidden')`);
    expect(await tablesWithoutRowLevelSecurity(project.owner)).toEqual([]);
    for (const role of apiRoles) {
      expect((await whatGetsThrough(project.owner, role)).filter((line) => line.includes('added_later'))).toEqual([]);
    }
  } finally {
    await project.owner.query('drop table public.added_later');
  }
});

test('(c) the tables are the same as those our migrations make on a plain PostgreSQL', async () => {
  const onSupabase = await catalogueOf(project.owner);
  expect(onSupabase.tables.length).toBeGreaterThan(10);
  expect(onSupabase).toEqual(await catalogueOf(plain.owner));
});

test('(d) every minute, the tick is posted to the API with the secret, both read from Vault', async () => {
  const jobs = await tickJobs(project.owner);
  expect(jobs.map((job) => job.schedule)).toEqual(['* * * * *']);
  const apiUrl = 'https://project-ref.supabase.co/functions/v1/api';
  await project.owner.query('begin');
  try {
    await project.owner.query(`select vault.create_secret($1, 'api_url'), vault.create_secret('tick-secret-from-vault', 'tick_secret')`, [apiUrl]);
    await project.owner.query(jobs[0]?.command ?? '');
    const { rows } = await project.owner.query<{ method: string; url: string; headers: Record<string, string> }>(
      'select method, url, headers from net.http_request_queue order by id desc limit 1',
    );
    expect(rows.map(({ method, url }) => ({ method, url }))).toEqual([{ method: 'POST', url: 'https://project-ref.supabase.co/functions/v1/api/api/tick' }]);
    expect(rows[0]?.headers).toMatchObject({ authorization: 'Bearer tick-secret-from-vault' });
  } finally {
    await project.owner.query('rollback');
  }
});

test('(e) the baseline migration is the schema files, concatenated in order, and the only migration', async () => {
  const schemas = await Promise.all((await sqlFilesIn(schemasDirectory)).map((file) => readFile(new URL(file, schemasDirectory), 'utf8')));
  const migrations = await sqlFilesIn(migrationsDirectory);
  expect(migrations).toHaveLength(1);
  const baseline = await readFile(new URL(migrations[0] ?? '', migrationsDirectory), 'utf8');
  // When this fails: cat adapters/supabase/supabase/schemas/*.sql > adapters/supabase/supabase/migrations/<the baseline>
  expect(baseline).toBe(schemas.join(''));
});

test('the checks see a project left open: Supabase’s defaults, no baseline', async () => {
  const open = await scratchProjectDatabase({ supabase: true });
  try {
    await migrateAsTheApi(open.url);
    const tables = await tablesIn(open.owner);
    expect(await tablesWithoutRowLevelSecurity(open.owner)).toEqual(tables);
    expect(await grantsToApiRoles(open.owner)).toContain('quote_requests: SELECT to anon');
    expect(await whatGetsThrough(open.owner, 'anon')).toContain(`select kysely_migration: ${knownMigrations.length} rows`);
    expect(await tickJobs(open.owner)).toEqual([]);
    // Pushed late, after the function made its tables, the baseline still closes them.
    await pushMigrations(open.owner);
    expect(await tablesWithoutRowLevelSecurity(open.owner)).toEqual([]);
    expect(await grantsToApiRoles(open.owner)).toEqual([]);
    for (const role of apiRoles) expect(await whatGetsThrough(open.owner, role)).toEqual([]);
  } finally {
    await open.drop();
  }
});
