// Test-only: a database of its own on the local PostgreSQL server, shaped like a Supabase project
// (roles, auth schema, default privileges), with our migrations applied as `supabase db push` would.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { Client, escapeIdentifier } from 'pg';
import { afterAll } from 'vitest';

/** The server on this machine and in CI. When it is down, these tests fail rather than skip. */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const migrationsDirectory = new URL('./supabase/migrations/', import.meta.url);

/** The roles PostgREST switches to, from the JWT's `role` claim. */
type ApiRole = 'anon' | 'authenticated' | 'service_role';

/** The JWT claims of one API request: the anonymous key has no `sub`, a signed-in user's token has. */
export interface Claims {
  role: ApiRole;
  sub?: string;
  /** A signed-in user's email, which the inbox records as who changed or noted something. */
  email?: string;
}

export interface SupabaseScratchDatabase {
  /** The migrations' own connection, as the project owner: sets rows up and checks them, past every policy. */
  owner: Client;
  /** Runs `work` as PostgREST runs one API request: one transaction, as the role, with the claims. */
  request: <T>(claims: Claims, work: (db: Client) => Promise<T>) => Promise<T>;
  /** Runs `work` as `request` does, on a connection of its own: for requests at the same moment, as PostgREST's pool serves them. */
  requestAlone: <T>(claims: Claims, work: (db: Client) => Promise<T>) => Promise<T>;
  /** Drops the database; the cluster-wide roles stay for the next run. */
  drop: () => Promise<void>;
}

// What the hosted platform provides before any migration runs, reduced to what ours rely on.
// Roles belong to the whole cluster: created when missing (another run may race us), never dropped.
const platform = `
  do $$
  begin
    begin create role anon nologin noinherit;
    exception when duplicate_object or unique_violation then null; end;
    begin create role authenticated nologin noinherit;
    exception when duplicate_object or unique_violation then null; end;
    begin create role service_role nologin noinherit bypassrls;
    exception when duplicate_object or unique_violation then null; end;
  end $$;

  create schema auth;
  grant usage on schema auth to anon, authenticated, service_role;
  create table auth.users (id uuid primary key, email text);

  -- As Supabase defines them: the claims PostgREST puts in request.jwt.claims for each request.
  create function auth.uid() returns uuid language sql stable as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim.sub', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    )::uuid
  $$;
  create function auth.jwt() returns jsonb language sql stable as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim', true), ''),
      nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
  $$;
  create function auth.role() returns text language sql stable as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim.role', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
    )::text
  $$;

  -- Supabase Storage's tables, reduced to what our policies and purge read: the API (storage-api)
  -- inserts, selects and deletes rows of storage.objects as the caller's role, so row-level security
  -- on it decides who may upload, read and remove. The files themselves live outside the database.
  create schema storage;
  grant usage on schema storage to anon, authenticated, service_role;
  create table storage.buckets (
    id text primary key,
    name text not null unique,
    public boolean not null default false,
    file_size_limit bigint,
    allowed_mime_types text[],
    created_at timestamptz not null default now()
  );
  create table storage.objects (
    id uuid primary key default gen_random_uuid(),
    bucket_id text not null references storage.buckets (id),
    name text not null,
    owner uuid,
    created_at timestamptz not null default now(),
    metadata jsonb,
    path_tokens text[] generated always as (pg_catalog.string_to_array(name, '/')) stored,
    unique (bucket_id, name)
  );
  alter table storage.buckets enable row level security;
  alter table storage.objects enable row level security;
  grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
  create function storage.foldername(name text) returns text[] language plpgsql immutable as $$
  declare _parts text[];
  begin
    select pg_catalog.string_to_array(name, '/') into _parts;
    return _parts[1 : pg_catalog.array_length(_parts, 1) - 1];
  end $$;
  create function storage.filename(name text) returns text language plpgsql immutable as $$
  declare _parts text[];
  begin
    select pg_catalog.string_to_array(name, '/') into _parts;
    return _parts[pg_catalog.array_length(_parts, 1)];
  end $$;
  grant execute on function storage.foldername(text), storage.filename(text) to anon, authenticated, service_role;

  -- Supabase's broad defaults, so the tests prove the migrations take them back.
  grant usage on schema public to anon, authenticated, service_role;
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
`;

async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

async function applyMigrations(db: Client): Promise<void> {
  const files = (await readdir(migrationsDirectory)).filter((file) => /^\d{14}_\w+\.sql$/.test(file)).sort();
  if (files.length === 0) throw new Error('no migrations found');
  for (const file of files) {
    const text = await readFile(new URL(file, migrationsDirectory), 'utf8');
    // One transaction per file, as the CLI applies them.
    await db.query(`begin;\n${text}\ncommit;`);
  }
}

const databaseUrl = (name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
};

const scratchName = (kind: string) => `supabase_${kind}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

/**
 * The platform and migrations, applied once per test file to a template that each scratch database
 * then copies (much faster than migrating each one), and dropped after the file's tests.
 */
let template: Promise<string> | undefined;

afterAll(async () => {
  const made = await template?.catch(() => undefined);
  template = undefined;
  if (made === undefined) return;
  const admin = await connect(serverUrl);
  try {
    await admin.query(`drop database if exists ${escapeIdentifier(made)} with (force)`);
  } finally {
    await admin.end();
  }
});

async function makeTemplate(): Promise<string> {
  const name = scratchName('template');
  const admin = await connect(serverUrl);
  try {
    // UTF-8 with a UTF-8 locale, as a Supabase project is: lower() then folds 'É' as JavaScript does
    // (the inbox migration refuses a database where it does not).
    await admin.query(`create database ${escapeIdentifier(name)} template template0 encoding 'UTF8' locale 'C.UTF-8'`);
    const db = await connect(databaseUrl(name));
    try {
      await db.query(platform);
      await applyMigrations(db);
    } catch (error) {
      await db.end();
      await admin.query(`drop database ${escapeIdentifier(name)} with (force)`);
      throw error;
    }
    // A template is copied only while nobody is connected to it.
    await db.end();
    return name;
  } finally {
    await admin.end();
  }
}

/** A new database with the platform and our migrations in it. */
export async function supabaseScratchDatabase(): Promise<SupabaseScratchDatabase> {
  template ??= makeTemplate();
  const source = await template;
  const name = scratchName('rls');
  const admin = await connect(serverUrl);
  let owner: Client | undefined;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    try {
      await owner?.end();
      await admin.query(`drop database if exists ${escapeIdentifier(name)} with (force)`);
    } finally {
      await admin.end();
    }
  };
  try {
    await admin.query(`create database ${escapeIdentifier(name)} template ${escapeIdentifier(source)}`);
    owner = await connect(databaseUrl(name));
  } catch (error) {
    await drop();
    throw error;
  }
  const db = owner;
  // One connection: requests that arrive together (an HTTP fake serving parallel calls) take turns.
  let turn: Promise<unknown> = Promise.resolve();
  const request = async <T,>(claims: Claims, work: (db: Client) => Promise<T>, on: Client = db): Promise<T> => {
    await on.query('begin');
    try {
      await on.query(`set local role ${escapeIdentifier(claims.role)}`);
      await on.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      const result = await work(on);
      await on.query('commit');
      return result;
    } catch (error) {
      await on.query('rollback');
      throw error;
    }
  };
  return {
    owner: db,
    request: (claims, work) => {
      const result = turn.then(() => request(claims, work));
      turn = result.catch(() => undefined);
      return result;
    },
    requestAlone: async (claims, work) => {
      const alone = await connect(databaseUrl(name));
      try {
        return await request(claims, work, alone);
      } finally {
        await alone.end();
      }
    },
    drop,
  };
}
