-- The most devices a staff member gets alerts on: domain/alerts/alert-devices.ts, maxPushDevicesPerStaff.
-- At most 10 devices per staff member, however they are added: straight into the
-- table or through save_push_device (whose upsert fires this before it finds the endpoint kept, so
-- a subscription already the caller's is not counted twice). One user's additions take turns on a
-- lock of their own, so two at once cannot both find room for the last device. Reported as
-- PostgreSQL reports a check constraint, so callers read it alike.
create or replace function public.push_devices_per_staff()
  returns trigger
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('push_devices_per_staff:' || new.user_id::text, 0));
  if (select count(*) from public.push_devices d where d.user_id = new.user_id and d.endpoint <> new.endpoint) >= 10 then
    raise exception 'new row for relation "push_devices" violates check constraint "push_devices_per_staff"'
      using errcode = 'check_violation', constraint = 'push_devices_per_staff', schema = 'public', table = 'push_devices',
            detail = 'A staff member gets alerts on at most 10 devices.';
  end if;
  return new;
end;
$$;
revoke execute on function public.push_devices_per_staff() from public, anon, authenticated, service_role;
drop trigger if exists push_devices_per_staff on public.push_devices;
create trigger push_devices_per_staff
  before insert or update of user_id on public.push_devices
  for each row execute function public.push_devices_per_staff();
