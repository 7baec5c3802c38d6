-- The tables are private. The one way in is the `api` function, which connects as the owner,
-- `postgres`, and applies the product's rules itself; its migrations create the tables at its start.
-- Supabase's API roles get nothing in `public`: not on what is here now, nor (through the default
-- privileges) on what those migrations create later. Row-level security is a second wall
-- (20_row_level_security.sql).
revoke all on all tables in schema public from anon, authenticated, service_role;
revoke all on all sequences in schema public from anon, authenticated, service_role;
revoke all on all functions in schema public from anon, authenticated, service_role;

alter default privileges for role postgres in schema public
  revoke all on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke all on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke all on functions from anon, authenticated, service_role;
-- Row-level security on every table in `public`, with no policy: a role that is not the owner sees
-- no row and may write none, even if a grant were given back by mistake. Tables already here (the
-- function may have started before this was pushed) get it now; tables created later get it from the
-- event trigger, as Supabase's guide on event triggers shows.
do $$
declare
  existing regclass;
begin
  for existing in
    select c.oid::regclass from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity
  loop
    execute format('alter table %s enable row level security', existing);
  end loop;
end;
$$;

create or replace function public.enable_row_level_security_on_new_table()
  returns event_trigger
  language plpgsql
as $$
declare
  created record;
begin
  for created in
    select object_identity from pg_event_trigger_ddl_commands()
    where object_type in ('table', 'partitioned table') and schema_name = 'public'
  loop
    execute format('alter table %s enable row level security', created.object_identity);
  end loop;
end;
$$;

drop event trigger if exists enable_row_level_security_on_new_table;
create event trigger enable_row_level_security_on_new_table
  on ddl_command_end
  when tag in ('CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO')
  execute function public.enable_row_level_security_on_new_table();
-- Every minute pg_cron has pg_net call the API's tick, which sends what waits in the outbox,
-- escalates alerts and purges what is past keeping. The API's address and the tick's secret are read
-- from Supabase Vault at each run, never written here; create them once (docs/supabase.md):
--
--   select vault.create_secret('https://<project-ref>.supabase.co/functions/v1/api', 'api_url');
--   select vault.create_secret('<the function''s TICK_SECRET>', 'tick_secret');
do $$
begin
  -- Every Supabase project offers both. A PostgreSQL that provides `cron` and `net` some other way
  -- keeps its own.
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
  end if;
  if exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
  end if;
end;
$$;

-- cron.schedule replaces the job of the same name, so pushing this again changes nothing.
select cron.schedule(
  'api-tick',
  '* * * * *',
  $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'api_url') || '/api/tick',
      headers := jsonb_build_object(
        'content-type', 'application/json',
        'authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'tick_secret')
      ),
      body := '{}'::jsonb,
      timeout_milliseconds := 30000
    );
  $job$
);
