-- Escalation: every minute, a pg_cron job calls the send-quote-alert function's /escalate, which sends
-- each waiting, untaken request the alert step that has fallen due (escalated to everyone, due soon,
-- the reminder of a standard request). As Supabase's guide "Scheduling Edge Functions" shows: pg_net
-- makes the HTTP call, and the project's URL and the service role key are read from Supabase Vault at
-- each run, never written into the job. Create the two secrets once, in the SQL editor:
--
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<the service role key>', 'service_role_key');
--
-- Where pg_cron or pg_net is not available, this does nothing and says so: alerts then go only when a
-- request arrives (the first step), and nothing escalates.

do $$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_available_extensions where name = 'pg_net') then
    raise notice 'pg_cron or pg_net is not available: alerts will not escalate (only the first alert of each request is sent)';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net;
  -- cron.schedule replaces a job of the same name, so pushing this again changes nothing.
  perform cron.schedule(
    'send-quote-alert-escalation',
    '* * * * *',
    $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
               || '/functions/v1/send-quote-alert/escalate',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
        ),
        body := '{}'::jsonb,
        timeout_milliseconds := 10000
      ) as request_id;
    $job$
  );
  if to_regclass('vault.decrypted_secrets') is null then
    raise notice 'Supabase Vault is not installed: the escalation job needs the secrets project_url and service_role_key in it';
  elsif (select count(*) from vault.decrypted_secrets where name in ('project_url', 'service_role_key')) < 2 then
    raise notice 'Create the Vault secrets project_url and service_role_key (see this migration''s header): until then the escalation job fails every minute';
  end if;
end;
$$;
