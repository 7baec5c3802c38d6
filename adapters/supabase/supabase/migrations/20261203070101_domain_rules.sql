-- The domain's rules, written by `npm run supabase:rules` from domain/ (adapters/supabase/domain-rules-sql.ts).
-- Do not edit: change the rule in domain/ and run the script, which writes a new migration like this one.
-- Each run replaces everything the one before it made, so only the newest such migration counts.

alter table public.quote_requests drop column due_at;
alter table public.quote_requests drop column search_text;
alter table public.quote_requests
  drop constraint if exists quote_requests_name_length,
  drop constraint if exists quote_requests_phone_length,
  drop constraint if exists quote_requests_email_length,
  drop constraint if exists quote_requests_postcode_length,
  drop constraint if exists quote_requests_description_length,
  drop constraint if exists quote_requests_name_visible,
  drop constraint if exists quote_requests_phone_visible,
  drop constraint if exists quote_requests_email_visible,
  drop constraint if exists quote_requests_postcode_visible,
  drop constraint if exists quote_requests_email_address,
  drop constraint if exists quote_requests_service_type,
  drop constraint if exists quote_requests_status,
  drop constraint if exists quote_requests_responded,
  drop constraint if exists quote_requests_business_email_error_length;
alter table public.quote_notes
  drop constraint if exists quote_notes_text_length,
  drop constraint if exists quote_notes_written_by_length;
alter table public.quote_status_changes drop constraint if exists quote_status_changes_changed_by_length;

create or replace function public.quote_promise_minutes(urgent boolean)
  returns integer
  language sql
  immutable
  set search_path = ''
as $$
  select case when quote_promise_minutes.urgent then 30 else 120 end
$$;

comment on function public.quote_promise_minutes(boolean) is
  'Minutes within which staff promise to call back (domain/business.ts responsePromise).';

create or replace function public.quote_due_soon_minutes(urgent boolean)
  returns integer
  language sql
  immutable
  set search_path = ''
as $$
  select case when quote_due_soon_minutes.urgent then 10 else 30 end
$$;

comment on function public.quote_due_soon_minutes(boolean) is
  'The last minutes before a request falls due, when the inbox calls it due soon (domain/business.ts responseClockMinutes).';

-- In UTC, so adding minutes is immutable (timestamptz + interval is only stable: it depends on the
-- session's time zone).
create or replace function public.quote_due_at(created_at timestamptz, urgent boolean)
  returns timestamptz
  language sql
  immutable
  set search_path = ''
as $$
  select ((quote_due_at.created_at at time zone 'UTC')
          + pg_catalog.make_interval(mins => public.quote_promise_minutes(quote_due_at.urgent))) at time zone 'UTC'
$$;

comment on function public.quote_due_at(timestamptz, boolean) is
  'When the call back is due: the promise counted from the moment the request was stored (domain/response-clock.ts dueAt).';

create or replace function public.quote_field_max_length(field text)
  returns integer
  language sql
  immutable
  set search_path = ''
as $$
  select case quote_field_max_length.field
    when 'name' then 100
    when 'phone' then 30
    when 'email' then 254
    when 'postcode' then 8
    when 'description' then 2000
  end
$$;

comment on function public.quote_field_max_length(text) is
  'The most characters a field of a quote request may have, by its column (domain/quote.ts quoteFields).';

create or replace function public.quote_status_move_allowed(from_status text, to_status text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select (from_status, to_status) in (
    ('new', 'contacted'),
    ('contacted', 'quoted'),
    ('contacted', 'won'),
    ('contacted', 'lost'),
    ('quoted', 'won'),
    ('quoted', 'lost'),
    ('won', 'lost'),
    ('lost', 'contacted')
  )
$$;

-- The outward code is the text before the space of a normalised postcode (domain/postcode.ts
-- outwardCodeOf); a request without a postcode is neither inside nor outside (null).
create or replace function public.quote_in_service_area(postcode text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select pg_catalog.split_part(quote_in_service_area.postcode, ' ', 1) in ('SE1', 'SE5', 'SE11', 'SE15', 'SE16', 'SE17', 'SW8', 'SW9')
$$;

comment on function public.quote_in_service_area(text) is
  'Whether a normalised postcode lies in the districts the business usually covers (domain/postcode.ts isInServiceArea); null for none.';

-- The inbox's area filter calls it as the signed-in user; nobody else needs it.
revoke execute on function public.quote_in_service_area(text) from public, anon, authenticated, service_role;
grant execute on function public.quote_in_service_area(text) to authenticated, service_role;

revoke execute on function public.quote_promise_minutes(boolean) from public, anon, authenticated, service_role;
grant execute on function public.quote_promise_minutes(boolean) to anon, authenticated, service_role;
revoke execute on function public.quote_due_soon_minutes(boolean) from public, anon, authenticated, service_role;
grant execute on function public.quote_due_soon_minutes(boolean) to anon, authenticated, service_role;
revoke execute on function public.quote_due_at(timestamptz, boolean) from public, anon, authenticated, service_role;
grant execute on function public.quote_due_at(timestamptz, boolean) to anon, authenticated, service_role;
revoke execute on function public.quote_field_max_length(text) from public, anon, authenticated, service_role;
grant execute on function public.quote_field_max_length(text) to anon, authenticated, service_role;

alter table public.quote_requests
  alter column status set default 'new',
  add column due_at timestamptz generated always as (public.quote_due_at(created_at, urgent)) stored,
  add column search_text text generated always as (
    lower(coalesce(name, '') || E'\n' || coalesce(phone, '') || E'\n' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') || E'\n' || coalesce(email, '') || E'\n' || coalesce(postcode, '') || E'\n' || coalesce(description, ''))
  ) stored,
  add constraint quote_requests_name_length check (char_length(name) between 1 and public.quote_field_max_length('name')),
  add constraint quote_requests_phone_length check (char_length(phone) between 1 and public.quote_field_max_length('phone')),
  add constraint quote_requests_email_length check (char_length(email) between 1 and public.quote_field_max_length('email')),
  add constraint quote_requests_postcode_length check (char_length(postcode) between 1 and public.quote_field_max_length('postcode')),
  add constraint quote_requests_description_length check (char_length(description) between 1 and public.quote_field_max_length('description')),
  add constraint quote_requests_name_visible check (name !~ '[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]') not valid,
  add constraint quote_requests_phone_visible check (phone !~ '[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]') not valid,
  add constraint quote_requests_email_visible check (email !~ '[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]') not valid,
  add constraint quote_requests_postcode_visible check (postcode !~ '[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]') not valid,
  add constraint quote_requests_email_address check (email ~ '^[A-Za-z0-9!$''*+=^_`{|}~-]+(\.[A-Za-z0-9!$''*+=^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$' and char_length(split_part(email, '@', 1)) <= 64) not valid,
  add constraint quote_requests_service_type check (service_type in ('emergency', 'heating', 'bathroom', 'general', 'maintenance', 'other')),
  add constraint quote_requests_status check (status in ('new', 'contacted', 'quoted', 'won', 'lost')),
  add constraint quote_requests_responded check ((status = 'new') = (responded_at is null)),
  add constraint quote_requests_business_email_error_length check (char_length(business_email_error) between 1 and 500);

alter table public.quote_notes
  add constraint quote_notes_text_length check (char_length(text) between 1 and 2000),
  add constraint quote_notes_written_by_length check (char_length(written_by) between 1 and 254);
alter table public.quote_status_changes
  add constraint quote_status_changes_changed_by_length check (char_length(changed_by) between 1 and 254);

-- The waiting view by when each request falls due (see 20261201070000_quote_requests_inbox_columns.sql).
create index quote_requests_waiting on public.quote_requests (due_at, id) where status = 'new';

-- The bucket takes only JPEGs of at most the size a visitor may send (the browser's re-encoded
-- photos are far smaller); Storage refuses anything else before it is written.
update storage.buckets
   set file_size_limit = 10485760, allowed_mime_types = array['image/jpeg']
 where id = 'quote-photos';

alter table public.quote_photos
  drop constraint if exists quote_photos_position_limit,
  drop constraint if exists quote_photos_size_limit,
  drop constraint if exists quote_photos_thumbnail_size_limit;
alter table public.quote_photos
  add constraint quote_photos_position_limit check (position < 5),
  add constraint quote_photos_size_limit check (width <= 2048 and height <= 2048),
  add constraint quote_photos_thumbnail_size_limit
    check (thumbnail_width <= 320 and thumbnail_height <= 320);

-- Whether a visitor may upload a file named object_name: a photo or thumbnail, named
-- <request id>/<photo id>.jpg or .thumb.jpg, into the folder of a request that is not stored yet
-- (its id is a fresh UUID the browser made), holding fewer than two files per photo a request may
-- have. Once the request is stored its folder is closed: nobody adds a file to a request sent before.
-- security definer: visitors may neither read requests nor list files; it tells only yes or no.
create or replace function public.quote_photo_upload_allowed(object_name text)
  returns boolean
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  folder text := pg_catalog.split_part(quote_photo_upload_allowed.object_name, '/', 1);
begin
  if quote_photo_upload_allowed.object_name is null
     or quote_photo_upload_allowed.object_name !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.thumb)?\.jpg$' then
    return false;
  end if;
  if exists (select 1 from public.quote_requests q where q.id = folder::uuid) then
    return false;
  end if;
  return (select count(*) from storage.objects o
           where o.bucket_id = 'quote-photos' and o.name like folder || '/%') < 10;
end;
$$;

-- Whether a photo row may be stored: its request was stored in this transaction or the last
-- 30 minutes, has fewer than 5 photos, and both of the photo's files are in its folder.
create or replace function public.quote_photo_may_be_added(quote_id uuid, photo_id uuid)
  returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (select 1 from public.quote_requests q
                  where q.id = quote_photo_may_be_added.quote_id
                    and q.created_at > pg_catalog.now() - pg_catalog.make_interval(mins => 30))
     and (select count(*) from public.quote_photos p where p.quote_id = quote_photo_may_be_added.quote_id) < 5
     and (select count(*) from storage.objects o
           where o.bucket_id = 'quote-photos'
             and o.name in (quote_photo_may_be_added.quote_id::text || '/' || quote_photo_may_be_added.photo_id::text || '.jpg',
                            quote_photo_may_be_added.quote_id::text || '/' || quote_photo_may_be_added.photo_id::text || '.thumb.jpg')) = 2
$$;

revoke execute on function public.quote_photo_upload_allowed(text) from public, anon, authenticated, service_role;
grant execute on function public.quote_photo_upload_allowed(text) to anon, authenticated;
revoke execute on function public.quote_photo_may_be_added(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.quote_photo_may_be_added(uuid, uuid) to anon, authenticated;

drop policy if exists "visitors add photos to the request they are sending" on public.quote_photos;
create policy "visitors add photos to the request they are sending"
  on public.quote_photos for insert
  to anon, authenticated
  with check (public.quote_photo_may_be_added(quote_id, id));

-- The bucket's files: visitors upload (INSERT) only; staff read (signed links need SELECT) and delete.
-- No UPDATE for anyone, so no file is ever overwritten (an upload with upsert is refused).
drop policy if exists "visitors upload photos for the request they are sending" on storage.objects;
create policy "visitors upload photos for the request they are sending"
  on storage.objects for insert
  to anon, authenticated
  with check (bucket_id = 'quote-photos' and public.quote_photo_upload_allowed(name));
drop policy if exists "staff read quote photos" on storage.objects;
create policy "staff read quote photos"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'quote-photos' and (select public.is_staff()));
drop policy if exists "staff delete quote photos" on storage.objects;
create policy "staff delete quote photos"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'quote-photos' and (select public.is_staff()));

-- Stores a request and its photos' rows in one transaction: both or neither. request holds the id and
-- the form's fields as the table's insert takes them; photos an array of
-- {id, width, height, thumbnail_width, thumbnail_height}, in the visitor's order, whose files were
-- uploaded first. security invoker: the caller's privileges and the tables' policies hold as for a
-- plain insert.
create or replace function public.send_quote_request(request jsonb, photos jsonb default '[]'::jsonb)
  returns void
  language plpgsql
  volatile
  set search_path = ''
as $$
begin
  if pg_catalog.jsonb_typeof(send_quote_request.request) is distinct from 'object' then
    raise exception 'request must be an object of the request''s fields' using errcode = '22023';
  end if;
  if pg_catalog.jsonb_typeof(send_quote_request.photos) is distinct from 'array' then
    raise exception 'photos must be an array' using errcode = '22023';
  end if;
  if pg_catalog.jsonb_array_length(send_quote_request.photos) > 5 then
    raise exception 'a request has at most 5 photos, not %', pg_catalog.jsonb_array_length(send_quote_request.photos)
      using errcode = '22023';
  end if;
  insert into public.quote_requests (id, name, phone, email, postcode, service_type, description, urgent)
  select r.id, r.name, r.phone, r.email, r.postcode, r.service_type, r.description, r.urgent
    from pg_catalog.jsonb_populate_record(null::public.quote_requests, send_quote_request.request) r;
  insert into public.quote_photos (id, quote_id, position, width, height, thumbnail_width, thumbnail_height)
  select p.id, (send_quote_request.request ->> 'id')::uuid, (e.n - 1)::smallint, p.width, p.height, p.thumbnail_width, p.thumbnail_height
    from pg_catalog.jsonb_array_elements(send_quote_request.photos) with ordinality as e(photo, n),
         pg_catalog.jsonb_to_record(e.photo) as p(id uuid, width integer, height integer, thumbnail_width integer, thumbnail_height integer)
   order by e.n;
end;
$$;

revoke execute on function public.send_quote_request(jsonb, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.send_quote_request(jsonb, jsonb) to anon, authenticated;

-- The folders the purge-photos function removes: those whose request is gone (deleted by staff, by the
-- retention purge, or erased on the customer's request) or never came, once their newest file is
-- 30 minutes old (a visitor may still be sending). One JSON array of their names rather than
-- rows, so PostgREST's max_rows never cuts it short. For the service role only.
create or replace function public.orphaned_photo_folders()
  returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(f.folder order by f.folder), '[]'::jsonb)
    from (
      select pg_catalog.split_part(o.name, '/', 1) as folder
        from storage.objects o
       where o.bucket_id = 'quote-photos'
         and not exists (select 1 from public.quote_requests q where q.id::text = pg_catalog.split_part(o.name, '/', 1))
       group by 1
      having pg_catalog.max(o.created_at) < pg_catalog.now() - pg_catalog.make_interval(mins => 30)
    ) f
$$;

revoke execute on function public.orphaned_photo_folders() from public, anon, authenticated, service_role;
grant execute on function public.orphaned_photo_folders() to service_role;

-- One request as the inbox shows it: its columns, its history oldest first, its notes newest first,
-- who took it on (null before anyone did), its photos in the visitor's order and its alert steps in the
-- order they went.
-- Timestamps come out as ISO 8601 with an offset, which the adapter parses (supabase-inbox-answers.ts).
create or replace function public.inbox_quote_json(request public.quote_requests)
  returns jsonb
  language sql
  stable
  set search_path = ''
as $$
  select jsonb_build_object(
    'id', request.id,
    'created_at', request.created_at,
    'name', request.name,
    'phone', request.phone,
    'email', request.email,
    'postcode', request.postcode,
    'service_type', request.service_type,
    'description', request.description,
    'urgent', request.urgent,
    'status', request.status,
    'responded_at', request.responded_at,
    'business_email_sent_at', request.business_email_sent_at,
    'business_email_error', request.business_email_error,
    'history', coalesce(
      (select jsonb_agg(
                jsonb_build_object('from', c.from_status, 'to', c.to_status, 'by', c.changed_by, 'at', c.changed_at)
                order by c.id)
         from public.quote_status_changes c
        where c.quote_id = request.id),
      '[]'::jsonb),
    'notes', coalesce(
      (select jsonb_agg(
                jsonb_build_object('id', n.id, 'text', n.text, 'by', n.written_by, 'at', n.written_at)
                order by n.written_at desc, n.id desc)
         from public.quote_notes n
        where n.quote_id = request.id),
      '[]'::jsonb),
    'taken', case when request.taken_by is null then null
                  else jsonb_build_object('by', request.taken_by, 'at', request.taken_at) end,
    'photos', coalesce(
      (select jsonb_agg(
                jsonb_build_object('id', p.id, 'width', p.width, 'height', p.height,
                                   'thumbnail_width', p.thumbnail_width, 'thumbnail_height', p.thumbnail_height)
                order by p.position)
         from public.quote_photos p
        where p.quote_id = request.id),
      '[]'::jsonb),
    'alerts', coalesce(
      (select jsonb_agg(
                jsonb_build_object('step', a.step, 'at', a.at, 'recipients', pg_catalog.to_jsonb(a.recipients), 'everyone', a.everyone)
                order by a.at, a.step)
         from public.alert_records a
        where a.quote_id = request.id),
      '[]'::jsonb)
  )
$$;

drop function if exists public.inbox_page(text, timestamptz, integer, jsonb, text, boolean, timestamptz, timestamptz, boolean, timestamptz, timestamptz, uuid);
drop function if exists public.inbox_matching(text, jsonb, text, boolean, timestamptz, timestamptz);

-- The requests a query matches, as domain/inbox-query.ts matchesQuery says: the view's status ('all'
-- for any), one service type, urgent or not, a postcode inside or outside the service area
-- (public.quote_in_service_area: a request without one is neither), received from (inclusive) until
-- (exclusive), and every word found in search_text. The words come lower-cased by JavaScript (domain searchWords) and are
-- compared case-sensitively with strpos, so no character of theirs is a wildcard.
-- No `set search_path` (every name is qualified): a function with one cannot be inlined into the
-- query that calls it, and inlined the planner uses the table's indexes. It runs as its caller.
create or replace function public.inbox_matching(
  view text,
  words jsonb,
  service_type text,
  urgent boolean,
  area text,
  received_from timestamptz,
  received_to timestamptz
)
  returns setof public.quote_requests
  language sql
  stable
as $$
  select q.*
    from public.quote_requests q
   where (inbox_matching.view = 'all' or q.status = inbox_matching.view)
     and (inbox_matching.service_type is null or q.service_type = inbox_matching.service_type)
     and (inbox_matching.urgent is null or q.urgent = inbox_matching.urgent)
     and (inbox_matching.area is null or public.quote_in_service_area(q.postcode) = case inbox_matching.area
           when 'inside' then true
           when 'outside' then false
         end)
     and (inbox_matching.received_from is null or q.created_at >= inbox_matching.received_from)
     and (inbox_matching.received_to is null or q.created_at < inbox_matching.received_to)
     and not exists (
       select 1
         from pg_catalog.jsonb_array_elements_text(inbox_matching.words) as w(word)
        where pg_catalog.strpos(q.search_text, w.word) = 0
     )
$$;

-- One page of the inbox and the number of requests the query matches in all (the cursor aside).
-- The view decides the order (domain/inbox-query.ts orderOf and compareInInbox):
--   new (waiting): urgent requests overdue at as_of first, then by due_at, then by id;
--   any other:       newest first by created_at, then by id, both descending.
-- A later page starts after the cursor (after_*), with the as_of of the first page, so a request
-- turning overdue meanwhile neither repeats nor goes missing. row_limit is the page's size plus one,
-- so the caller knows whether another page follows.
create or replace function public.inbox_page(
  view text,
  as_of timestamptz,
  row_limit integer,
  words jsonb default '[]'::jsonb,
  service_type text default null,
  urgent boolean default null,
  area text default null,
  received_from timestamptz default null,
  received_to timestamptz default null,
  after_overdue_urgent boolean default null,
  after_due_at timestamptz default null,
  after_created_at timestamptz default null,
  after_id uuid default null
)
  returns jsonb
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  total bigint;
  quotes jsonb;
begin
  if inbox_page.row_limit is null or inbox_page.row_limit not between 1 and 501 then
    raise exception 'row_limit must be between 1 and 501, not %', inbox_page.row_limit using errcode = '22023';
  end if;
  if pg_catalog.jsonb_typeof(inbox_page.words) is distinct from 'array' then
    raise exception 'words must be an array of strings' using errcode = '22023';
  end if;
  if inbox_page.area not in ('inside', 'outside') then
    raise exception 'area must be one of inside, outside, or null, not %', inbox_page.area using errcode = '22023';
  end if;

  select count(*) into total
    from public.inbox_matching(inbox_page.view, inbox_page.words, inbox_page.service_type, inbox_page.urgent, inbox_page.area,
                               inbox_page.received_from, inbox_page.received_to);

  if inbox_page.view = 'new' then
    select coalesce(jsonb_agg(public.inbox_quote_json(p.request) order by p.overdue_urgent desc, p.due_at, p.id), '[]'::jsonb)
      into quotes
      from (
        select q as request, (q.urgent and q.due_at < inbox_page.as_of) as overdue_urgent, q.due_at, q.id
          from public.inbox_matching(inbox_page.view, inbox_page.words, inbox_page.service_type, inbox_page.urgent, inbox_page.area,
                                     inbox_page.received_from, inbox_page.received_to) q
         where inbox_page.after_id is null
            or (inbox_page.after_overdue_urgent and not (q.urgent and q.due_at < inbox_page.as_of))
            or ((q.urgent and q.due_at < inbox_page.as_of) = inbox_page.after_overdue_urgent
                and (q.due_at, q.id) > (inbox_page.after_due_at, inbox_page.after_id))
         order by 2 desc, q.due_at, q.id
         limit inbox_page.row_limit
      ) p;
  else
    select coalesce(jsonb_agg(public.inbox_quote_json(p.request) order by p.created_at desc, p.id desc), '[]'::jsonb)
      into quotes
      from (
        select q as request, q.created_at, q.id
          from public.inbox_matching(inbox_page.view, inbox_page.words, inbox_page.service_type, inbox_page.urgent, inbox_page.area,
                                     inbox_page.received_from, inbox_page.received_to) q
         where inbox_page.after_id is null
            or (q.created_at, q.id) < (inbox_page.after_created_at, inbox_page.after_id)
         order by q.created_at desc, q.id desc
         limit inbox_page.row_limit
      ) p;
  end if;

  return jsonb_build_object('total', total, 'quotes', quotes);
end;
$$;

-- Moves a request from one status to the next, for staff only, and records who and when, in one
-- transaction. Only if the request is still at from_status: two staff changing it at once do not
-- overwrite each other, the second hears 'conflict' and where it stands now. The first call back
-- (from the waiting status) sets responded_at: the end of the response time. The time is the database's
-- and the name the caller's JWT email; the caller sends neither.
--   {"outcome": "changed", "quote": <inbox_quote_json>}   {"outcome": "conflict", "current": "<status>"}
--   {"outcome": "not-found"}                               {"outcome": "not-allowed"}
-- security definer: it writes the status, which nobody may update directly, and the history, which
-- nobody may insert into. It checks is_staff() itself, and every name in it is qualified.
create or replace function public.change_quote_status(quote_id uuid, from_status text, to_status text)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  caller text := auth.jwt() ->> 'email';
  changed public.quote_requests;
  current_status text;
begin
  if not public.is_staff() then
    raise exception 'permission denied for function change_quote_status' using errcode = '42501';
  end if;
  if caller is null or caller = '' then
    raise exception 'the caller''s token has no email to record the change under' using errcode = '42501';
  end if;
  if not public.quote_status_move_allowed(change_quote_status.from_status, change_quote_status.to_status) then
    return jsonb_build_object('outcome', 'not-allowed');
  end if;

  update public.quote_requests q
     set status = change_quote_status.to_status,
         responded_at = case when change_quote_status.from_status = 'new' then now() else q.responded_at end,
         -- Leaving the Waiting view takes the request on, for whoever moved it, unless someone had.
         taken_by = case when change_quote_status.from_status = 'new' and q.taken_by is null then caller else q.taken_by end,
         taken_at = case when change_quote_status.from_status = 'new' and q.taken_by is null then now() else q.taken_at end
   where q.id = change_quote_status.quote_id
     and q.status = change_quote_status.from_status
  returning q.* into changed;

  if changed.id is null then
    select q.status into current_status from public.quote_requests q where q.id = change_quote_status.quote_id;
    if current_status is null then
      return jsonb_build_object('outcome', 'not-found');
    end if;
    return jsonb_build_object('outcome', 'conflict', 'current', current_status);
  end if;

  insert into public.quote_status_changes (quote_id, from_status, to_status, changed_by)
  values (change_quote_status.quote_id, change_quote_status.from_status, change_quote_status.to_status, caller);

  return jsonb_build_object('outcome', 'changed', 'quote', public.inbox_quote_json(changed));
end;
$$;

-- What the response clock's summary needs (domain/ports.ts ClockRecord): the requests received at or
-- after `since`, and every request still waiting however old. One JSON array rather than rows, so
-- PostgREST's max_rows (config.toml) never cuts it short.
create or replace function public.clock_records(since timestamptz)
  returns jsonb
  language sql
  stable
  set search_path = ''
as $$
  select coalesce(
    jsonb_agg(jsonb_build_object('created_at', r.created_at, 'urgent', r.urgent, 'responded_at', r.responded_at)),
    '[]'::jsonb)
    from (
      select q.created_at, q.urgent, q.responded_at from public.quote_requests q where q.created_at >= clock_records.since
      union all
      select q.created_at, q.urgent, q.responded_at from public.quote_requests q
       where q.status = 'new' and q.created_at < clock_records.since
    ) r
$$;

-- Functions are executable by PUBLIC, and Supabase grants new ones to anon and authenticated too.
-- Only signed-in users may search; row-level security decides what they find.
revoke execute on function public.inbox_matching(text, jsonb, text, boolean, text, timestamptz, timestamptz) from public, anon, authenticated, service_role;
grant execute on function public.inbox_matching(text, jsonb, text, boolean, text, timestamptz, timestamptz) to authenticated;
revoke execute on function public.inbox_page(text, timestamptz, integer, jsonb, text, boolean, text, timestamptz, timestamptz, boolean, timestamptz, timestamptz, uuid) from public, anon, authenticated, service_role;
grant execute on function public.inbox_page(text, timestamptz, integer, jsonb, text, boolean, text, timestamptz, timestamptz, boolean, timestamptz, timestamptz, uuid) to authenticated;

alter table public.quote_requests drop constraint if exists quote_requests_taken_by_length;
alter table public.quote_requests
  add constraint quote_requests_taken_by_length check (char_length(taken_by) between 1 and 254);
alter table public.alert_records drop constraint if exists alert_records_step;
alter table public.alert_records add constraint alert_records_step check (step in ('new', 'escalated', 'due-soon', 'reminder'));
alter table public.on_call_shifts
  drop constraint if exists on_call_shifts_day,
  drop constraint if exists on_call_shifts_staff_length,
  drop constraint if exists on_call_shifts_size;
alter table public.on_call_shifts
  add constraint on_call_shifts_day check (day in ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')),
  add constraint on_call_shifts_staff_length check (char_length(staff) between 1 and 254),
  add constraint on_call_shifts_size check (position < 200);

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

-- Takes a request on for `taken_by`, now: only one still in the Waiting view that nobody has taken.
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
   where q.id = take_quote_as.quote_id and q.status = 'new' and q.taken_by is null
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
  if pg_catalog.jsonb_array_length(save_on_call_rota.shifts) > 200 then
    raise exception 'The rota holds at most 200 shifts' using errcode = '22023';
  end if;
  select coalesce(jsonb_agg(pg_catalog.lower(u.email)), '[]'::jsonb) into emails
    from public.staff s join auth.users u on u.id = s.user_id;
  for shift in select s.value, s.ordinality from pg_catalog.jsonb_array_elements(save_on_call_rota.shifts) with ordinality as s(value, ordinality) loop
    if pg_catalog.jsonb_typeof(shift.value -> 'staff') is distinct from 'string' or not emails ? (shift.value ->> 'staff') then
      raise exception 'Shift %: staff must be the email of a staff member', shift.ordinality using errcode = '22023';
    end if;
    if (shift.value ->> 'day') is null or (shift.value ->> 'day') not in ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday') then
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

-- The requests still waiting for someone (in the Waiting view, untaken) that arrived at or after
-- `since` (only `only_quote`, when given), each with the alert steps it has had: what planning the
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
   where q.status = 'new' and q.taken_by is null and q.created_at >= alert_candidates.since
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
   where q.id = record_alert.quote_id and q.status = 'new' and q.taken_by is null
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

revoke execute on function public.staff_emails() from public, anon, authenticated, service_role;
grant execute on function public.staff_emails() to authenticated, service_role;
revoke execute on function public.take_quote_as(uuid, text) from public, anon, authenticated, service_role;
revoke execute on function public.take_quote(uuid) from public, anon, authenticated, service_role;
grant execute on function public.take_quote(uuid) to authenticated;
revoke execute on function public.save_on_call_rota(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.save_on_call_rota(jsonb) to authenticated;
revoke execute on function public.redeem_take_token(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.redeem_take_token(uuid, uuid) to service_role;
revoke execute on function public.alert_candidates(timestamptz, uuid) from public, anon, authenticated, service_role;
grant execute on function public.alert_candidates(timestamptz, uuid) to service_role;
revoke execute on function public.record_alert(uuid, text, jsonb, boolean) from public, anon, authenticated, service_role;
grant execute on function public.record_alert(uuid, text, jsonb, boolean) to service_role;

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

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule(
      'purge-expired-quote-requests',
      '17 3 * * *',
      'select public.purge_expired_quote_requests(24)'
    );
  end if;
end;
$$;
