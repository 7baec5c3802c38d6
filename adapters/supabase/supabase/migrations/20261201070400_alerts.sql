-- Alerts on the on-call phone: who took a request on, the alert steps each request has had, the devices
-- staff get alerts on, the weekly on-call rota, and the single-use "I'm on it" tokens the
-- send-quote-alert function has spent. The rules in them that come from domain/ (the alert steps, the
-- week days, the length of a staff email, the size of the rota) and the functions that read and write
-- them (public.take_quote, public.save_on_call_rota, public.record_alert, ...) are put in by the rules
-- migration after this one (`npm run supabase:rules`, adapters/supabase/domain-rules-sql.ts).
--
-- Every table starts under row-level security with none of the privileges Supabase grants by default,
-- as quote_requests did (20261121070000_create_quote_requests.sql).

-- Who took a request on ("I'm on it", or the first move out of the Waiting view), and when: stamped by
-- public.take_quote and public.change_quote_status from the JWT's email and the database's clock.
-- Staff read them with the table's SELECT; nobody has a privilege to write them.
alter table public.quote_requests
  add column taken_by text,
  add column taken_at timestamptz,
  add constraint quote_requests_taken check ((taken_by is null) = (taken_at is null));

-- One row per alert step a request has had: the step, when, to whom. The primary key is what makes a
-- step go out once however often the function is called for it.
create table public.alert_records (
  quote_id uuid not null references public.quote_requests (id) on delete cascade,
  step text not null,
  at timestamptz not null default now(),
  -- The staff members' emails.
  recipients text[] not null,
  everyone boolean not null,
  primary key (quote_id, step)
);

comment on table public.alert_records is
  'The alert steps each quote request has had. Written by the send-quote-alert function (public.record_alert); staff read.';

alter table public.alert_records enable row level security;
revoke all on table public.alert_records from anon, authenticated, service_role;
grant select on table public.alert_records to authenticated, service_role;
create policy "staff read alert records"
  on public.alert_records for select
  to authenticated
  using ((select public.is_staff()));

-- The devices staff get alerts on: one browser push subscription each (RFC 8030 endpoint, RFC 8291 keys).
-- Each belongs to the user who turned alerts on; a staff member sees, adds and removes only their own.
create table public.push_devices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  label text not null,
  created_at timestamptz(3) not null default now(),
  last_alert_at timestamptz(3),

  -- A push service is reached over HTTPS (RFC 8030), or over plain HTTP on this machine alone (a push
  -- service run for development or tests); the keys are base64url (RFC 8291: a P-256 point of 65
  -- bytes, an authentication secret of 16).
  constraint push_devices_endpoint check (
    (endpoint ~ '^https://' or endpoint ~ '^http://(127\.0\.0\.1|localhost)(:[0-9]+)?/') and char_length(endpoint) <= 2048
  ),
  constraint push_devices_p256dh check (p256dh ~ '^[A-Za-z0-9_-]{80,100}=*$'),
  constraint push_devices_auth check (auth ~ '^[A-Za-z0-9_-]{16,44}=*$'),
  constraint push_devices_label check (char_length(label) between 1 and 100)
);

comment on table public.push_devices is
  'Devices staff get alerts on. Each staff member inserts, reads and deletes only their own; the send-quote-alert function pushes to them.';

create index push_devices_by_user on public.push_devices (user_id, created_at);

alter table public.push_devices enable row level security;
revoke all on table public.push_devices from anon, authenticated, service_role;
-- user_id comes from the token (its default), never from what the client sends.
grant select, delete on table public.push_devices to authenticated;
grant insert (endpoint, p256dh, auth, label) on table public.push_devices to authenticated;
-- The function reads every device to push to, records when an alert reached one, and forgets one its
-- push service says is gone (404, 410).
grant select, delete on table public.push_devices to service_role;
grant update (last_alert_at) on table public.push_devices to service_role;

create policy "staff read their own devices"
  on public.push_devices for select
  to authenticated
  using (user_id = (select auth.uid()) and (select public.is_staff()));
create policy "staff add their own devices"
  on public.push_devices for insert
  to authenticated
  with check (user_id = (select auth.uid()) and (select public.is_staff()));
create policy "staff remove their own devices"
  on public.push_devices for delete
  to authenticated
  using (user_id = (select auth.uid()) and (select public.is_staff()));

-- The weekly on-call rota, one list for the whole business: each shift a staff member's email, a day
-- and London wall-clock times (domain/on-call.ts OnCallShift), in the order staff put them.
-- Replaced whole by public.save_on_call_rota; staff read it.
create table public.on_call_shifts (
  position integer primary key,
  staff text not null,
  day text not null,
  start_time text not null,
  end_time text not null,

  constraint on_call_shifts_position check (position >= 0),
  constraint on_call_shifts_start_time check (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  constraint on_call_shifts_end_time check (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);

comment on table public.on_call_shifts is
  'Who is on call when, each week. Staff read it and replace it through public.save_on_call_rota.';

alter table public.on_call_shifts enable row level security;
revoke all on table public.on_call_shifts from anon, authenticated, service_role;
grant select on table public.on_call_shifts to authenticated, service_role;
create policy "staff read the rota"
  on public.on_call_shifts for select
  to authenticated
  using ((select public.is_staff()));

-- One row per push of a request's alert to one staff member's device: the "I'm on it" token that push
-- carries is signed over its token_id (adapters/push/take-token.ts), and takes the request for that
-- staff member once (redeemed_at). Only public.record_alert and public.redeem_take_token write here;
-- nobody reads it through the API.
create table public.alert_take_tokens (
  token_id uuid primary key default gen_random_uuid(),
  quote_id uuid not null references public.quote_requests (id) on delete cascade,
  staff text not null,
  created_at timestamptz not null default now(),
  redeemed_at timestamptz
);

comment on table public.alert_take_tokens is
  'The "I''m on it" token of each alert pushed, and whether it has been spent. Written by public.record_alert and public.redeem_take_token only.';

alter table public.alert_take_tokens enable row level security;
revoke all on table public.alert_take_tokens from anon, authenticated, service_role;

-- Turning alerts on in a browser that already has a subscription (turned on again, or by another staff
-- member signing in on the same browser) keeps the one endpoint: its keys and label are updated and
-- it moves to the caller, whose device it now is. For staff only; answers the device as they list it.
create function public.save_push_device(endpoint text, p256dh text, auth text, label text)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  saved public.push_devices;
begin
  if not public.is_staff() then
    raise exception 'permission denied for function save_push_device' using errcode = '42501';
  end if;
  insert into public.push_devices (user_id, endpoint, p256dh, auth, label)
  values ((select auth.uid()), save_push_device.endpoint, save_push_device.p256dh, save_push_device.auth, save_push_device.label)
  on conflict on constraint push_devices_endpoint_key do update
    set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label
  returning * into saved;
  return jsonb_build_object('id', saved.id, 'label', saved.label, 'created_at', saved.created_at, 'last_alert_at', saved.last_alert_at);
end;
$$;

revoke execute on function public.save_push_device(text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.save_push_device(text, text, text, text) to authenticated;
