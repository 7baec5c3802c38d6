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
