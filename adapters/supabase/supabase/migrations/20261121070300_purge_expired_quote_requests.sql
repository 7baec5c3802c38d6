-- Requests are deleted automatically once they are older than the retention period the privacy notice
-- promises (24 months). The deletion is a function, so it can be tested anywhere; the schedule uses
-- pg_cron, which Supabase provides, and is skipped where the extension is not available.

create or replace function public.purge_expired_quote_requests(retention_months integer default 24)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  deleted integer;
begin
  if retention_months < 1 then
    raise exception 'retention_months must be at least 1, not %', retention_months;
  end if;
  delete from public.quote_requests
  where created_at < now() - make_interval(months => retention_months);
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;

-- Only the database's own jobs (and the service role) may purge.
revoke all on function public.purge_expired_quote_requests(integer) from public, anon, authenticated;

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule(
      'purge-expired-quote-requests',
      '17 3 * * *',
      'select public.purge_expired_quote_requests(24)'
    );
  end if;
end;
$$;
