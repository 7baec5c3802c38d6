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
