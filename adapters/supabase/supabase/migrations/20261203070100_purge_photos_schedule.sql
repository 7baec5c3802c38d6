-- Photos whose request is gone (deleted by staff, by the retention purge, erased on the customer's
-- request) or never came (a visitor uploaded, then did not send) are removed by the purge-photos edge
-- function: it asks public.orphaned_photo_folders() with the service role and removes those folders'
-- files through the Storage API. Files are never deleted by deleting rows of storage.objects: that
-- would leave the files themselves in the bucket's backing store.
--
-- Every quarter of an hour a pg_cron job calls it through pg_net, as the alert escalation does
-- (20261201070500_alert_escalation_schedule.sql), with the Vault secrets project_url and
-- service_role_key that migration's header says how to create. Where pg_cron or pg_net is not
-- available this does nothing and says so: then call the function yourself (see README, Supabase).
do $$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_available_extensions where name = 'pg_net') then
    raise notice 'pg_cron or pg_net is not available: photos of deleted requests stay in Storage until purge-photos is called';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net;
  -- cron.schedule replaces a job of the same name, so pushing this again changes nothing.
  perform cron.schedule(
    'purge-photos',
    '*/15 * * * *',
    $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
               || '/functions/v1/purge-photos',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
        ),
        body := '{}'::jsonb,
        timeout_milliseconds := 30000
      ) as request_id;
    $job$
  );
end;
$$;
