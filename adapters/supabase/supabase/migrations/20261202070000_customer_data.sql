-- A person's data, on request (UK GDPR access and erasure): staff find everything held about one
-- customer by the email or phone number they gave, and erase it all in one step.
-- adapters/supabase/supabase-customer-data.ts calls these at /rest/v1/rpc/<name>; customer-data-sql.test.ts
-- runs them on a real PostgreSQL and checks they agree with domain/customer-data.ts matchesSubject.

-- What two ways of writing one phone number have in common, as domain/phone.ts phoneNumberKey: E.164
-- digits without the plus, a UK number's trunk zero turned into 44 (07700 900123, +44 7700 900123 and
-- 0044 (0)7700 900123 all give 447700900123); anything that is not a phone number, its digits alone.
create function public.phone_number_key(phone text)
  returns text
  language sql
  immutable
  set search_path = ''
as $$
  with written as (
    select pg_catalog.btrim(phone, E' \t\n\r\f\v') as trimmed,
           pg_catalog.regexp_replace(phone, '[^0-9]', '', 'g') as digits
  )
  select case
    when written.trimmed !~ '^\+?[0-9\s().-]+$' then written.digits
    when written.trimmed like '+%' then
      case when written.digits like '440%' then '44' || pg_catalog.substr(written.digits, 4) else written.digits end
    when written.digits like '00%' then
      case when written.digits like '00440%' then '44' || pg_catalog.substr(written.digits, 6) else pg_catalog.substr(written.digits, 3) end
    when written.digits ~ '^0[0-9]{9,10}$' then '44' || pg_catalog.substr(written.digits, 2)
    else written.digits
  end
  from written
$$;

-- Whether a request is the subject's, as domain/customer-data.ts matchesSubject: its email the same
-- but for case (subject_email comes lower-cased by JavaScript), or its phone the same number.
create function public.is_customers_request(request public.quote_requests, subject_email text, subject_phone text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select coalesce(subject_email is not null and request.email is not null
                    and pg_catalog.lower(pg_catalog.btrim(request.email)) = subject_email, false)
      or coalesce(subject_phone is not null
                    and public.phone_number_key(request.phone) = public.phone_number_key(subject_phone), false)
$$;

-- Everything held about the customer: their requests, newest first, each as the inbox shows it (every
-- field, history, notes, who took it, alerts, how the email to the business went). Staff only: anyone
-- else is refused (42501) rather than told there is nothing. It runs as the caller, so row-level
-- security holds too.
create function public.customer_data(subject_email text, subject_phone text)
  returns jsonb
  language plpgsql
  stable
  set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'permission denied for function customer_data' using errcode = '42501';
  end if;
  return coalesce(
    (select pg_catalog.jsonb_agg(public.inbox_quote_json(q) order by q.created_at desc, q.id desc)
       from public.quote_requests q
      where public.is_customers_request(q, customer_data.subject_email, customer_data.subject_phone)),
    '[]'::jsonb);
end;
$$;

-- Erases every request of the customer's and everything hanging off them, in the caller's one
-- transaction: notes, status history, alert records and "I'm on it" tokens go with each request (ON
-- DELETE CASCADE), and the state of its business email is a column of the request itself. Answers how
-- many of each went. security definer, to count the alert tokens nobody may read; it checks that its
-- caller is staff itself.
create function public.erase_customer_data(subject_email text, subject_phone text)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  ids uuid[];
  erased jsonb;
begin
  if not public.is_staff() then
    raise exception 'permission denied for function erase_customer_data' using errcode = '42501';
  end if;
  if subject_email is null and subject_phone is null then
    raise exception 'say whose data to erase: an email or a phone number' using errcode = '22023';
  end if;
  -- Locked until the transaction ends: a note or a take racing the erasure waits, then finds no request.
  select coalesce(pg_catalog.array_agg(locked.id), '{}') into ids
    from (select q.id from public.quote_requests q
           where public.is_customers_request(q, erase_customer_data.subject_email, erase_customer_data.subject_phone)
             for update) locked;
  select pg_catalog.jsonb_build_object(
    'requests', pg_catalog.cardinality(ids),
    'notes', (select count(*) from public.quote_notes n where n.quote_id = any (ids)),
    'status_changes', (select count(*) from public.quote_status_changes c where c.quote_id = any (ids)),
    'emails', (select count(*) from public.quote_requests q
                where q.id = any (ids) and (q.business_email_sent_at is not null or q.business_email_error is not null)),
    'alerts', (select count(*) from public.alert_records a where a.quote_id = any (ids))
            + (select count(*) from public.alert_take_tokens t where t.quote_id = any (ids))
  ) into erased;
  delete from public.quote_requests q where q.id = any (ids);
  return erased;
end;
$$;

-- Functions are executable by PUBLIC, and Supabase grants new ones to anon and authenticated too.
-- Signed-in users may call the two staff calls (which refuse anyone but staff); anon nothing.
revoke execute on function public.phone_number_key(text) from public, anon, authenticated, service_role;
grant execute on function public.phone_number_key(text) to authenticated, service_role;
revoke execute on function public.is_customers_request(public.quote_requests, text, text) from public, anon, authenticated, service_role;
grant execute on function public.is_customers_request(public.quote_requests, text, text) to authenticated, service_role;
revoke execute on function public.customer_data(text, text) from public, anon, authenticated, service_role;
grant execute on function public.customer_data(text, text) to authenticated;
revoke execute on function public.erase_customer_data(text, text) from public, anon, authenticated, service_role;
grant execute on function public.erase_customer_data(text, text) to authenticated;
