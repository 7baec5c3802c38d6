// Test-only: databases of their own on the local PostgreSQL server, shaped like a Supabase project's
// (its API roles, its default grants, pg_cron, pg_net and Vault), with our baseline pushed as the
// Supabase CLI pushes it and our tables made as the `api` function makes them.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { Client, escapeIdentifier } from 'pg';
import { openPostgresDatabase } from '../sql/database';
import { migrateToLatest } from '../sql/migrate';

/** The server on this machine and in CI. When it is down, these tests fail rather than skip. */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const schemasDirectory = new URL('./supabase/schemas/', import.meta.url);
export const migrationsDirectory = new URL('./supabase/migrations/', import.meta.url);

/** The SQL files of a folder, in the order the Supabase CLI applies them: by name. */
export async function sqlFilesIn(directory: URL): Promise<string[]> {
  return (await readdir(directory)).filter((file) => file.endsWith('.sql')).sort();
}

/** The roles Supabase's API switches to; they have no rights of their own in `public` but what is granted. */
export const apiRoles = ['anon', 'authenticated', 'service_role'] as const;

// Roles belong to the whole cluster: created when missing (another run may race us), never dropped.
const roles = `
  do $$
  begin
    begin create role anon nologin noinherit;
    exception when duplicate_object or unique_violation then null; end;
    begin create role authenticated nologin noinherit;
    exception when duplicate_object or unique_violation then null; end;
    begin create role service_role nologin noinherit bypassrls;
    exception when duplicate_object or unique_violation then null; end;
  end $$;
`;

// What a new Supabase project grants before any migration of ours: everything in `public`, now and
// later, to the API's roles. The baseline has to take it back.
const supabaseDefaults = `
  grant usage on schema public to anon, authenticated, service_role;
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
`;

// Where this server lacks the extensions, the part of each that the schedule uses: pg_cron's job
// table and cron.schedule (which replaces a job of the same name), pg_net's request queue and
// net.http_post with its signature, and Vault's decrypted_secrets view with vault.create_secret.
const standIns = {
  pg_cron: `
    create schema cron;
    create table cron.job (
      jobid bigserial primary key,
      schedule text not null,
      command text not null,
      username text not null default current_user,
      active boolean not null default true,
      jobname text unique
    );
    create function cron.schedule(job_name text, schedule text, command text) returns bigint language sql as $$
      insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
      on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
      returning jobid
    $$;
  `,
  pg_net: `
    create schema net;
    create table net.http_request_queue (
      id bigserial primary key,
      method text not null,
      url text not null,
      headers jsonb not null,
      body bytea,
      timeout_milliseconds integer not null
    );
    create function net.http_post(
      url text,
      body jsonb default '{}'::jsonb,
      params jsonb default '{}'::jsonb,
      headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
      timeout_milliseconds integer default 5000
    ) returns bigint language sql as $$
      insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
      values ('POST', url, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
      returning id
    $$;
  `,
  supabase_vault: `
    create schema vault;
    create table vault.secrets (id uuid primary key default gen_random_uuid(), name text unique, secret text not null);
    create view vault.decrypted_secrets as select id, name, secret as decrypted_secret from vault.secrets;
    create function vault.create_secret(new_secret text, new_name text default null, new_description text default '')
      returns uuid language sql as $$ insert into vault.secrets (name, secret) values (new_name, new_secret) returning id $$;
  `,
} as const;

export interface ScratchProjectDatabase {
  /** Its address, for the API (Kysely over pg) and for more connections. */
  url: string;
  /** A connection as `postgres`, the owner: Supabase's `SUPABASE_DB_URL` user, and the CLI's. */
  owner: Client;
  drop: () => Promise<void>;
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

const databaseUrl = (name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
};

/**
 * A new, empty database: with `supabase`, the platform as a new Supabase project has it (roles,
 * default grants, and pg_cron, pg_net and Vault, stood in where this server lacks them); without, a
 * plain database as on our own PostgreSQL server. UTF-8 with a UTF-8 locale, as Supabase's are.
 */
export async function scratchProjectDatabase({ supabase }: { supabase: boolean }): Promise<ScratchProjectDatabase> {
  const name = `supabase_project_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = await connect(serverUrl);
  let owner: Client | undefined;
  const drop = async () => {
    try {
      await owner?.end();
      await admin.query(`drop database if exists ${escapeIdentifier(name)} with (force)`);
    } finally {
      await admin.end();
    }
  };
  try {
    await admin.query(`create database ${escapeIdentifier(name)} template template0 encoding 'UTF8' locale 'C.UTF-8'`);
    owner = await connect(databaseUrl(name));
    if (supabase) {
      await owner.query(roles);
      await owner.query(supabaseDefaults);
      const { rows } = await owner.query<{ name: string }>(
        `select name from pg_available_extensions where name = any($1)`,
        [Object.keys(standIns)],
      );
      const available = new Set(rows.map((row) => row.name));
      for (const [extension, standIn] of Object.entries(standIns)) {
        // Vault is installed in every project; pg_cron and pg_net the baseline creates itself.
        if (!available.has(extension)) await owner.query(standIn);
        else if (extension === 'supabase_vault') await owner.query('create extension if not exists supabase_vault');
      }
    }
    return { url: databaseUrl(name), owner, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** Applies each migration file, in name order, one transaction each, as `supabase db push` does. */
export async function pushMigrations(owner: Client): Promise<void> {
  const files = await sqlFilesIn(migrationsDirectory);
  if (files.length === 0) throw new Error('no migrations found');
  for (const file of files) {
    const text = await readFile(new URL(file, migrationsDirectory), 'utf8');
    await owner.query(`begin;\n${text}\ncommit;`);
  }
}

/** Makes the tables as the `api` function does at its start: our migrations, through Kysely over pg. */
export async function migrateAsTheApi(url: string): Promise<void> {
  const db = openPostgresDatabase(url);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}
