// The alerts' rules and calls on a Supabase project, with the domain's values put in: the steps an
// alert has, the week days of the rota and its size, the waiting status a request is taken in, the
// length of a staff email. The tables come from 20261201070400_alerts.sql; the rules migration puts
// this in after inboxFunctionsSql (take_quote answers with inbox_quote_json). Every function is
// security definer with `set search_path = ''` and qualified names, and says who may call it.
import { alertSteps } from '../../domain/alerts/alert-plan';
import { rotaMaxShifts, weekdays } from '../../domain/alerts/on-call';
import { waitingStatus } from '../../domain/inbox/quote-status';
import { staffEmailMaxLength } from '../../domain/staff/staff';
import { inSpamFolderSql } from './spam-functions-sql';
import { literal, literalList, whole } from './sql-text';

const waiting = literal(waitingStatus);

const constraints = `
alter table public.quote_requests drop constraint if exists quote_requests_taken_by_length;
alter table public.quote_requests
  add constraint quote_requests_taken_by_length check (char_length(taken_by) between 1 and ${whole(staffEmailMaxLength)});
alter table public.alert_records drop constraint if exists alert_records_step;
alter table public.alert_records add constraint alert_records_step check (step in ${literalList(alertSteps)});
alter table public.on_call_shifts
  drop constraint if exists on_call_shifts_day,
  drop constraint if exists on_call_shifts_staff_length,
  drop constraint if exists on_call_shifts_size;
alter table public.on_call_shifts
  add constraint on_call_shifts_day check (day in ${literalList(weekdays)}),
  add constraint on_call_shifts_staff_length check (char_length(staff) between 1 and ${whole(staffEmailMaxLength)}),
  add constraint on_call_shifts_size check (position < ${whole(rotaMaxShifts)});
`;

const functions = `
-- Every staff member's email, in order: who can be put on the rota, and who an alert can go to.
-- For staff and the service role only; the list of accounts is not for anyone else.
create or replace function public.staff_emails()
  returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
begin
  if not (public.is_staff() or (auth.jwt() ->> 'role') = 'service_role') then
    raise exception 'permission denied for function staff_emails' using errcode = '42501';
  end if;
  return coalesce(
    (select jsonb_agg(pg_catalog.lower(u.email) order by pg_catalog.lower(u.email))
       from public.staff s join auth.users u on u.id = s.user_id
      where u.email is not null),
    '[]'::jsonb);
end;
$$;

-- Takes a request on for \`taken_by\`, now: only one still in the Waiting view that nobody has taken.
--   {"outcome": "taken", "quote": <inbox_quote_json>}
--   {"outcome": "already-taken", "taken": {"by": "<email>", "at": "<time>"}}
--   {"outcome": "not-waiting", "current": "<status>"}   {"outcome": "not-found"}
-- Called only by take_quote and redeem_take_token, which say who.
create or replace function public.take_quote_as(quote_id uuid, taken_by text)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  taken public.quote_requests;
  found public.quote_requests;
begin
  update public.quote_requests q
     set taken_by = take_quote_as.taken_by, taken_at = now()
   where q.id = take_quote_as.quote_id and q.status = ${waiting} and q.taken_by is null
  returning q.* into taken;
  if taken.id is not null then
    return jsonb_build_object('outcome', 'taken', 'quote', public.inbox_quote_json(taken));
  end if;
  select q.* into found from public.quote_requests q where q.id = take_quote_as.quote_id;
  if found.id is null then
    return jsonb_build_object('outcome', 'not-found');
  end if;
  if found.taken_by is not null then
    return jsonb_build_object('outcome', 'already-taken', 'taken', jsonb_build_object('by', found.taken_by, 'at', found.taken_at));
  end if;
  return jsonb_build_object('outcome', 'not-waiting', 'current', found.status);
end;
$$;

-- "I'm on it" from the inbox: the caller, a staff member, takes the request on under their JWT's
-- email, at the database's time. Answers as take_quote_as.
create or replace function public.take_quote(quote_id uuid)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  caller text := auth.jwt() ->> 'email';
begin
  if not public.is_staff() then
    raise exception 'permission denied for function take_quote' using errcode = '42501';
  end if;
  if caller is null or caller = '' then
    raise exception 'the caller''s token has no email to record the taking under' using errcode = '42501';
  end if;
  return public.take_quote_as(take_quote.quote_id, caller);
end;
$$;

-- "I'm on it" from a notification, through the send-quote-alert function (which has checked the
-- token's signature): spends the token of that push and takes the request for the staff member it
-- was pushed to, in one transaction. {"outcome": "spent"} for a token already used (or never
-- issued for this request), {"outcome": "not-staff"} for someone no longer staff (the token stays
-- unspent); otherwise as take_quote_as.
create or replace function public.redeem_take_token(token_id uuid, quote_id uuid)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  issued public.alert_take_tokens;
begin
  select t.* into issued from public.alert_take_tokens t
   where t.token_id = redeem_take_token.token_id and t.quote_id = redeem_take_token.quote_id and t.redeemed_at is null
     for update;
  if issued.token_id is null then
    return jsonb_build_object('outcome', 'spent');
  end if;
  if not exists (
    select 1 from public.staff s join auth.users u on u.id = s.user_id
     where pg_catalog.lower(u.email) = pg_catalog.lower(issued.staff)
  ) then
    return jsonb_build_object('outcome', 'not-staff');
  end if;
  update public.alert_take_tokens t set redeemed_at = now() where t.token_id = issued.token_id;
  return public.take_quote_as(issued.quote_id, issued.staff);
end;
$$;

-- Replaces the whole rota, for staff: a list of {staff, day, start, end}, each staff member one who
-- has an account, checked and stored in one transaction (a refused rota leaves the old one whole).
create or replace function public.save_on_call_rota(shifts jsonb)
  returns void
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  shift record;
  emails jsonb;
begin
  if not public.is_staff() then
    raise exception 'permission denied for function save_on_call_rota' using errcode = '42501';
  end if;
  if pg_catalog.jsonb_typeof(save_on_call_rota.shifts) is distinct from 'array' then
    raise exception 'The rota must be a list of shifts' using errcode = '22023';
  end if;
  if pg_catalog.jsonb_array_length(save_on_call_rota.shifts) > ${whole(rotaMaxShifts)} then
    raise exception 'The rota holds at most ${whole(rotaMaxShifts)} shifts' using errcode = '22023';
  end if;
  select coalesce(jsonb_agg(pg_catalog.lower(u.email)), '[]'::jsonb) into emails
    from public.staff s join auth.users u on u.id = s.user_id;
  for shift in select s.value, s.ordinality from pg_catalog.jsonb_array_elements(save_on_call_rota.shifts) with ordinality as s(value, ordinality) loop
    if pg_catalog.jsonb_typeof(shift.value -> 'staff') is distinct from 'string' or not emails ? (shift.value ->> 'staff') then
      raise exception 'Shift %: staff must be the email of a staff member', shift.ordinality using errcode = '22023';
    end if;
    if (shift.value ->> 'day') is null or (shift.value ->> 'day') not in ${literalList(weekdays)} then
      raise exception 'Shift %: day must be a day of the week', shift.ordinality using errcode = '22023';
    end if;
    if coalesce(shift.value ->> 'start', '') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
      raise exception 'Shift %: start must be a time like 08:00', shift.ordinality using errcode = '22023';
    end if;
    if coalesce(shift.value ->> 'end', '') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
      raise exception 'Shift %: end must be a time like 08:00', shift.ordinality using errcode = '22023';
    end if;
  end loop;
  -- Two saves at once take turns, so the second replaces the first rather than colliding with it.
  lock table public.on_call_shifts in share row exclusive mode;
  delete from public.on_call_shifts where true;
  insert into public.on_call_shifts (position, staff, day, start_time, end_time)
  select s.ordinality - 1, s.value ->> 'staff', s.value ->> 'day', s.value ->> 'start', s.value ->> 'end'
    from pg_catalog.jsonb_array_elements(save_on_call_rota.shifts) with ordinality as s(value, ordinality);
end;
$$;

-- The requests still waiting for someone (in the Waiting view, untaken; never one in the Spam folder) that arrived at or after
-- \`since\` (only \`only_quote\`, when given), each with the alert steps it has had: what planning the
-- next alert needs. For the send-quote-alert function, with the service role.
create or replace function public.alert_candidates(since timestamptz, only_quote uuid default null)
  returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select coalesce(jsonb_agg(
           pg_catalog.to_jsonb(q) - 'search_text' - 'due_at'
             || jsonb_build_object('alerts', coalesce(
                  (select jsonb_agg(jsonb_build_object('step', a.step, 'at', a.at, 'recipients', pg_catalog.to_jsonb(a.recipients), 'everyone', a.everyone))
                     from public.alert_records a where a.quote_id = q.id),
                  '[]'::jsonb))
           order by q.created_at, q.id),
         '[]'::jsonb)
    from public.quote_requests q
   where q.status = ${waiting} and q.taken_by is null and q.created_at >= alert_candidates.since and not ${inSpamFolderSql('q')}
     and (alert_candidates.only_quote is null or q.id = alert_candidates.only_quote)
$$;

-- Records one alert step of a request, now, if the request still waits for someone and has not had
-- the step: then issues a take token for each of the recipients' devices and answers them, to push
-- to ({"at", "targets": [{id, staff, endpoint, p256dh, auth, label, take_id}]}), and null otherwise, so each step goes out once however many
-- callers plan it at the same time.
create or replace function public.record_alert(quote_id uuid, step text, recipients jsonb, everyone boolean)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  recorded public.alert_records;
  devices jsonb;
begin
  if pg_catalog.jsonb_typeof(record_alert.recipients) is distinct from 'array' then
    raise exception 'recipients must be a list of emails' using errcode = '22023';
  end if;
  insert into public.alert_records (quote_id, step, recipients, everyone)
  select q.id, record_alert.step,
         array(select pg_catalog.jsonb_array_elements_text(record_alert.recipients)),
         record_alert.everyone
    from public.quote_requests q
   where q.id = record_alert.quote_id and q.status = ${waiting} and q.taken_by is null and not ${inSpamFolderSql('q')}
  on conflict do nothing
  returning * into recorded;
  if recorded.quote_id is null then
    return null;
  end if;
  -- Each push gets a token of its own, for the device's owner.
  with targets as materialized (
    select d.id, d.endpoint, d.p256dh, d.auth, d.label, d.created_at, pg_catalog.lower(u.email) as staff, gen_random_uuid() as take_id
      from public.push_devices d
      join auth.users u on u.id = d.user_id
      join public.staff s on s.user_id = d.user_id
     where pg_catalog.lower(u.email) = any (recorded.recipients)
  ), issued as (
    insert into public.alert_take_tokens (token_id, quote_id, staff)
    select t.take_id, recorded.quote_id, t.staff from targets t
    returning 1
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'staff', t.staff, 'endpoint', t.endpoint, 'p256dh', t.p256dh,
                                               'auth', t.auth, 'label', t.label, 'take_id', t.take_id) order by t.created_at, t.id),
                  '[]'::jsonb)
    into devices
    from targets t;
  return jsonb_build_object('at', recorded.at, 'targets', devices);
end;
$$;

-- The devices of the staff members named (a list of emails), each with whose it is: where a
-- customer's message about an urgent request is pushed, to whoever is on call (the customer-request
-- function plans who with the domain's rota, and asks with the service role). An account no longer
-- staff has none.
create or replace function public.staff_push_devices(emails jsonb)
  returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', d.id, 'staff', pg_catalog.lower(u.email), 'endpoint', d.endpoint, 'p256dh', d.p256dh,
                                               'auth', d.auth, 'label', d.label) order by d.created_at, d.id),
                  '[]'::jsonb)
    from public.push_devices d
    join auth.users u on u.id = d.user_id
    join public.staff s on s.user_id = d.user_id
   where pg_catalog.lower(u.email) in (select pg_catalog.lower(e.value) from pg_catalog.jsonb_array_elements_text(staff_push_devices.emails) as e(value))
$$;

revoke execute on function public.staff_emails() from public, anon, authenticated, service_role;
grant execute on function public.staff_emails() to authenticated, service_role;
revoke execute on function public.take_quote_as(uuid, text) from public, anon, authenticated, service_role;
revoke execute on function public.take_quote(uuid) from public, anon, authenticated, service_role;
grant execute on function public.take_quote(uuid) to authenticated;
revoke execute on function public.save_on_call_rota(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.save_on_call_rota(jsonb) to authenticated;
${['redeem_take_token(uuid, uuid)', 'alert_candidates(timestamptz, uuid)', 'record_alert(uuid, text, jsonb, boolean)', 'staff_push_devices(jsonb)']
  .map(
    (signature) => `revoke execute on function public.${signature} from public, anon, authenticated, service_role;
grant execute on function public.${signature} to service_role;`,
  )
  .join('\n')}
`;

/** The alert tables' rules from domain/, and the functions that take requests on, keep the rota and record alerts. */
export function alertFunctionsSql(): string {
  return `${constraints}${functions}`;
}
