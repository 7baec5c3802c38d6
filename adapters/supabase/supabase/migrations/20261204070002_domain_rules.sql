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
  add constraint quote_requests_responded check (status <> 'new' or responded_at is null),
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
  insert into public.quote_requests (id, name, phone, email, postcode, service_type, description, urgent, honeypot_filled, customer_token_hash)
  select r.id, r.name, r.phone, r.email, r.postcode, r.service_type, r.description, r.urgent, coalesce(r.honeypot_filled, false), r.customer_token_hash
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
-- who took it on (null before anyone did), its photos in the visitor's order, its alert steps in the
-- order they went, and its spam mark (null unless it was judged spam).
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
      '[]'::jsonb),
    'spam', case when request.spam_score is null then null
                 else jsonb_build_object('score', request.spam_score, 'reasons', request.spam_reasons, 'sent_at', request.spam_sent_at,
                                         'cleared', case when request.spam_cleared_at is null then null
                                                         else jsonb_build_object('by', request.spam_cleared_by, 'at', request.spam_cleared_at) end) end
  )
$$;

drop function if exists public.inbox_page(text, timestamptz, integer, jsonb, text, boolean, timestamptz, timestamptz, boolean, timestamptz, timestamptz, uuid);
drop function if exists public.inbox_matching(text, jsonb, text, boolean, timestamptz, timestamptz);

-- The requests a query matches, as domain/inbox-query.ts matchesQuery says: those in the Spam folder
-- for the view 'spam' and only for it, the view's status ('all' and 'spam' for any), one service type, urgent or not, a postcode inside or outside the service area
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
   where (q.spam_score is not null and q.spam_cleared_at is null) = (inbox_matching.view = 'spam')
     and (inbox_matching.view in ('all', 'spam') or q.status = inbox_matching.view)
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
-- after `since`, and every request still waiting however old; never one in the Spam folder. One JSON array rather than rows, so
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
      select q.created_at, q.urgent, q.responded_at from public.quote_requests q
       where q.created_at >= clock_records.since and not (q.spam_score is not null and q.spam_cleared_at is null)
      union all
      select q.created_at, q.urgent, q.responded_at from public.quote_requests q
       where q.status = 'new' and q.created_at < clock_records.since and not (q.spam_score is not null and q.spam_cleared_at is null)
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

-- The requests still waiting for someone (in the Waiting view, untaken; never one in the Spam folder) that arrived at or after
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
   where q.status = 'new' and q.taken_by is null and q.created_at >= alert_candidates.since and not (q.spam_score is not null and q.spam_cleared_at is null)
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
   where q.id = record_alert.quote_id and q.status = 'new' and q.taken_by is null and not (q.spam_score is not null and q.spam_cleared_at is null)
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
revoke execute on function public.staff_push_devices(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.staff_push_devices(jsonb) to service_role;

-- How many links a text holds, as domain/spam-text.ts countLinks: email addresses taken out first,
-- then web addresses, www., bare domains, markdown, BBCode and HTML links counted.
create or replace function public.spam_link_count(content text)
  returns integer
  language sql
  immutable
  set search_path = ''
as $$
  select pg_catalog.regexp_count(
    pg_catalog.regexp_replace(spam_link_count.content, '[^\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028-\u2029\u202f\u205f\u3000\ufeff@]+@[^\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028-\u2029\u202f\u205f\u3000\ufeff@]+', ' ', 'g'),
    pg_catalog.replace('\[[^\]\n]*\]\([^)\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028-\u2029\u202f\u205f\u3000\ufeff]+\)|\[url(?:=[^\]]*)?\](?:[^\[]*\[/url\])?|<a[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028-\u2029\u202f\u205f\u3000\ufeff][^>]*>(?:[^<]*</a>)?|https?://[^\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028-\u2029\u202f\u205f\u3000\ufeff]+|www\.[^\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028-\u2029\u202f\u205f\u3000\ufeff]+|(?<![{letters-or-digits}@.-])(?:[{letters-or-digits}](?:[{letters-or-digits}-]*[{letters-or-digits}])?\.)+(?:com|net|org|info|biz|io|uk|ru|cn|xyz|top|online|site|club|shop|store|app|ly|gl|link|click|live|pro|ai)(?![{letters-or-digits}-])(?:/[^\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028-\u2029\u202f\u205f\u3000\ufeff]*)?', '{letters-or-digits}', '\u0030-\u0039\u0041-\u005a\u0061-\u007a\u00aa\u00b2-\u00b3\u00b5\u00b9-\u00ba\u00bc-\u00be\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02c1\u02c6-\u02d1\u02e0-\u02e4\u02ec\u02ee\u0370-\u0374\u0376-\u0377\u037a-\u037d\u037f\u0386\u0388-\u038a\u038c\u038e-\u03a1\u03a3-\u03f5\u03f7-\u0481\u048a-\u052f\u0531-\u0556\u0559\u0560-\u0588\u05d0-\u05ea\u05ef-\u05f2\u0620-\u064a\u0660-\u0669\u066e-\u066f\u0671-\u06d3\u06d5\u06e5-\u06e6\u06ee-\u06fc\u06ff\u0710\u0712-\u072f\u074d-\u07a5\u07b1\u07c0-\u07ea\u07f4-\u07f5\u07fa\u0800-\u0815\u081a\u0824\u0828\u0840-\u0858\u0860-\u086a\u0870-\u0887\u0889-\u088f\u08a0-\u08c9\u0904-\u0939\u093d\u0950\u0958-\u0961\u0966-\u096f\u0971-\u0980\u0985-\u098c\u098f-\u0990\u0993-\u09a8\u09aa-\u09b0\u09b2\u09b6-\u09b9\u09bd\u09ce\u09dc-\u09dd\u09df-\u09e1\u09e6-\u09f1\u09f4-\u09f9\u09fc\u0a05-\u0a0a\u0a0f-\u0a10\u0a13-\u0a28\u0a2a-\u0a30\u0a32-\u0a33\u0a35-\u0a36\u0a38-\u0a39\u0a59-\u0a5c\u0a5e\u0a66-\u0a6f\u0a72-\u0a74\u0a85-\u0a8d\u0a8f-\u0a91\u0a93-\u0aa8\u0aaa-\u0ab0\u0ab2-\u0ab3\u0ab5-\u0ab9\u0abd\u0ad0\u0ae0-\u0ae1\u0ae6-\u0aef\u0af9\u0b05-\u0b0c\u0b0f-\u0b10\u0b13-\u0b28\u0b2a-\u0b30\u0b32-\u0b33\u0b35-\u0b39\u0b3d\u0b5c-\u0b5d\u0b5f-\u0b61\u0b66-\u0b6f\u0b71-\u0b77\u0b83\u0b85-\u0b8a\u0b8e-\u0b90\u0b92-\u0b95\u0b99-\u0b9a\u0b9c\u0b9e-\u0b9f\u0ba3-\u0ba4\u0ba8-\u0baa\u0bae-\u0bb9\u0bd0\u0be6-\u0bf2\u0c05-\u0c0c\u0c0e-\u0c10\u0c12-\u0c28\u0c2a-\u0c39\u0c3d\u0c58-\u0c5a\u0c5c-\u0c5d\u0c60-\u0c61\u0c66-\u0c6f\u0c78-\u0c7e\u0c80\u0c85-\u0c8c\u0c8e-\u0c90\u0c92-\u0ca8\u0caa-\u0cb3\u0cb5-\u0cb9\u0cbd\u0cdc-\u0cde\u0ce0-\u0ce1\u0ce6-\u0cef\u0cf1-\u0cf2\u0d04-\u0d0c\u0d0e-\u0d10\u0d12-\u0d3a\u0d3d\u0d4e\u0d54-\u0d56\u0d58-\u0d61\u0d66-\u0d78\u0d7a-\u0d7f\u0d85-\u0d96\u0d9a-\u0db1\u0db3-\u0dbb\u0dbd\u0dc0-\u0dc6\u0de6-\u0def\u0e01-\u0e30\u0e32-\u0e33\u0e40-\u0e46\u0e50-\u0e59\u0e81-\u0e82\u0e84\u0e86-\u0e8a\u0e8c-\u0ea3\u0ea5\u0ea7-\u0eb0\u0eb2-\u0eb3\u0ebd\u0ec0-\u0ec4\u0ec6\u0ed0-\u0ed9\u0edc-\u0edf\u0f00\u0f20-\u0f33\u0f40-\u0f47\u0f49-\u0f6c\u0f88-\u0f8c\u1000-\u102a\u103f-\u1049\u1050-\u1055\u105a-\u105d\u1061\u1065-\u1066\u106e-\u1070\u1075-\u1081\u108e\u1090-\u1099\u10a0-\u10c5\u10c7\u10cd\u10d0-\u10fa\u10fc-\u1248\u124a-\u124d\u1250-\u1256\u1258\u125a-\u125d\u1260-\u1288\u128a-\u128d\u1290-\u12b0\u12b2-\u12b5\u12b8-\u12be\u12c0\u12c2-\u12c5\u12c8-\u12d6\u12d8-\u1310\u1312-\u1315\u1318-\u135a\u1369-\u137c\u1380-\u138f\u13a0-\u13f5\u13f8-\u13fd\u1401-\u166c\u166f-\u167f\u1681-\u169a\u16a0-\u16ea\u16ee-\u16f8\u1700-\u1711\u171f-\u1731\u1740-\u1751\u1760-\u176c\u176e-\u1770\u1780-\u17b3\u17d7\u17dc\u17e0-\u17e9\u17f0-\u17f9\u1810-\u1819\u1820-\u1878\u1880-\u1884\u1887-\u18a8\u18aa\u18b0-\u18f5\u1900-\u191e\u1946-\u196d\u1970-\u1974\u1980-\u19ab\u19b0-\u19c9\u19d0-\u19da\u1a00-\u1a16\u1a20-\u1a54\u1a80-\u1a89\u1a90-\u1a99\u1aa7\u1b05-\u1b33\u1b45-\u1b4c\u1b50-\u1b59\u1b83-\u1ba0\u1bae-\u1be5\u1c00-\u1c23\u1c40-\u1c49\u1c4d-\u1c7d\u1c80-\u1c8a\u1c90-\u1cba\u1cbd-\u1cbf\u1ce9-\u1cec\u1cee-\u1cf3\u1cf5-\u1cf6\u1cfa\u1d00-\u1dbf\u1e00-\u1f15\u1f18-\u1f1d\u1f20-\u1f45\u1f48-\u1f4d\u1f50-\u1f57\u1f59\u1f5b\u1f5d\u1f5f-\u1f7d\u1f80-\u1fb4\u1fb6-\u1fbc\u1fbe\u1fc2-\u1fc4\u1fc6-\u1fcc\u1fd0-\u1fd3\u1fd6-\u1fdb\u1fe0-\u1fec\u1ff2-\u1ff4\u1ff6-\u1ffc\u2070-\u2071\u2074-\u2079\u207f-\u2089\u2090-\u209c\u2102\u2107\u210a-\u2113\u2115\u2119-\u211d\u2124\u2126\u2128\u212a-\u212d\u212f-\u2139\u213c-\u213f\u2145-\u2149\u214e\u2150-\u2189\u2460-\u249b\u24ea-\u24ff\u2776-\u2793\u2c00-\u2ce4\u2ceb-\u2cee\u2cf2-\u2cf3\u2cfd\u2d00-\u2d25\u2d27\u2d2d\u2d30-\u2d67\u2d6f\u2d80-\u2d96\u2da0-\u2da6\u2da8-\u2dae\u2db0-\u2db6\u2db8-\u2dbe\u2dc0-\u2dc6\u2dc8-\u2dce\u2dd0-\u2dd6\u2dd8-\u2dde\u2e2f\u3005-\u3007\u3021-\u3029\u3031-\u3035\u3038-\u303c\u3041-\u3096\u309d-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3105-\u312f\u3131-\u318e\u3192-\u3195\u31a0-\u31bf\u31f0-\u31ff\u3220-\u3229\u3248-\u324f\u3251-\u325f\u3280-\u3289\u32b1-\u32bf\u3400-\u4dbf\u4e00-\ua48c\ua4d0-\ua4fd\ua500-\ua60c\ua610-\ua62b\ua640-\ua66e\ua67f-\ua69d\ua6a0-\ua6ef\ua717-\ua71f\ua722-\ua788\ua78b-\ua7dc\ua7f1-\ua801\ua803-\ua805\ua807-\ua80a\ua80c-\ua822\ua830-\ua835\ua840-\ua873\ua882-\ua8b3\ua8d0-\ua8d9\ua8f2-\ua8f7\ua8fb\ua8fd-\ua8fe\ua900-\ua925\ua930-\ua946\ua960-\ua97c\ua984-\ua9b2\ua9cf-\ua9d9\ua9e0-\ua9e4\ua9e6-\ua9fe\uaa00-\uaa28\uaa40-\uaa42\uaa44-\uaa4b\uaa50-\uaa59\uaa60-\uaa76\uaa7a\uaa7e-\uaaaf\uaab1\uaab5-\uaab6\uaab9-\uaabd\uaac0\uaac2\uaadb-\uaadd\uaae0-\uaaea\uaaf2-\uaaf4\uab01-\uab06\uab09-\uab0e\uab11-\uab16\uab20-\uab26\uab28-\uab2e\uab30-\uab5a\uab5c-\uab69\uab70-\uabe2\uabf0-\uabf9\uac00-\ud7a3\ud7b0-\ud7c6\ud7cb-\ud7fb\uf900-\ufa6d\ufa70-\ufad9\ufb00-\ufb06\ufb13-\ufb17\ufb1d\ufb1f-\ufb28\ufb2a-\ufb36\ufb38-\ufb3c\ufb3e\ufb40-\ufb41\ufb43-\ufb44\ufb46-\ufbb1\ufbd3-\ufd3d\ufd50-\ufd8f\ufd92-\ufdc7\ufdf0-\ufdfb\ufe70-\ufe74\ufe76-\ufefc\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff66-\uffbe\uffc2-\uffc7\uffca-\uffcf\uffd2-\uffd7\uffda-\uffdc\U00010000-\U0001000b\U0001000d-\U00010026\U00010028-\U0001003a\U0001003c-\U0001003d\U0001003f-\U0001004d\U00010050-\U0001005d\U00010080-\U000100fa\U00010107-\U00010133\U00010140-\U00010178\U0001018a-\U0001018b\U00010280-\U0001029c\U000102a0-\U000102d0\U000102e1-\U000102fb\U00010300-\U00010323\U0001032d-\U0001034a\U00010350-\U00010375\U00010380-\U0001039d\U000103a0-\U000103c3\U000103c8-\U000103cf\U000103d1-\U000103d5\U00010400-\U0001049d\U000104a0-\U000104a9\U000104b0-\U000104d3\U000104d8-\U000104fb\U00010500-\U00010527\U00010530-\U00010563\U00010570-\U0001057a\U0001057c-\U0001058a\U0001058c-\U00010592\U00010594-\U00010595\U00010597-\U000105a1\U000105a3-\U000105b1\U000105b3-\U000105b9\U000105bb-\U000105bc\U000105c0-\U000105f3\U00010600-\U00010736\U00010740-\U00010755\U00010760-\U00010767\U00010780-\U00010785\U00010787-\U000107b0\U000107b2-\U000107ba\U00010800-\U00010805\U00010808\U0001080a-\U00010835\U00010837-\U00010838\U0001083c\U0001083f-\U00010855\U00010858-\U00010876\U00010879-\U0001089e\U000108a7-\U000108af\U000108e0-\U000108f2\U000108f4-\U000108f5\U000108fb-\U0001091b\U00010920-\U00010939\U00010940-\U00010959\U00010980-\U000109b7\U000109bc-\U000109cf\U000109d2-\U00010a00\U00010a10-\U00010a13\U00010a15-\U00010a17\U00010a19-\U00010a35\U00010a40-\U00010a48\U00010a60-\U00010a7e\U00010a80-\U00010a9f\U00010ac0-\U00010ac7\U00010ac9-\U00010ae4\U00010aeb-\U00010aef\U00010b00-\U00010b35\U00010b40-\U00010b55\U00010b58-\U00010b72\U00010b78-\U00010b91\U00010ba9-\U00010baf\U00010c00-\U00010c48\U00010c80-\U00010cb2\U00010cc0-\U00010cf2\U00010cfa-\U00010d23\U00010d30-\U00010d39\U00010d40-\U00010d65\U00010d6f-\U00010d85\U00010e60-\U00010e7e\U00010e80-\U00010ea9\U00010eb0-\U00010eb1\U00010ec2-\U00010ec7\U00010f00-\U00010f27\U00010f30-\U00010f45\U00010f51-\U00010f54\U00010f70-\U00010f81\U00010fb0-\U00010fcb\U00010fe0-\U00010ff6\U00011003-\U00011037\U00011052-\U0001106f\U00011071-\U00011072\U00011075\U00011083-\U000110af\U000110d0-\U000110e8\U000110f0-\U000110f9\U00011103-\U00011126\U00011136-\U0001113f\U00011144\U00011147\U00011150-\U00011172\U00011176\U00011183-\U000111b2\U000111c1-\U000111c4\U000111d0-\U000111da\U000111dc\U000111e1-\U000111f4\U00011200-\U00011211\U00011213-\U0001122b\U0001123f-\U00011240\U00011280-\U00011286\U00011288\U0001128a-\U0001128d\U0001128f-\U0001129d\U0001129f-\U000112a8\U000112b0-\U000112de\U000112f0-\U000112f9\U00011305-\U0001130c\U0001130f-\U00011310\U00011313-\U00011328\U0001132a-\U00011330\U00011332-\U00011333\U00011335-\U00011339\U0001133d\U00011350\U0001135d-\U00011361\U00011380-\U00011389\U0001138b\U0001138e\U00011390-\U000113b5\U000113b7\U000113d1\U000113d3\U00011400-\U00011434\U00011447-\U0001144a\U00011450-\U00011459\U0001145f-\U00011461\U00011480-\U000114af\U000114c4-\U000114c5\U000114c7\U000114d0-\U000114d9\U00011580-\U000115ae\U000115d8-\U000115db\U00011600-\U0001162f\U00011644\U00011650-\U00011659\U00011680-\U000116aa\U000116b8\U000116c0-\U000116c9\U000116d0-\U000116e3\U00011700-\U0001171a\U00011730-\U0001173b\U00011740-\U00011746\U00011800-\U0001182b\U000118a0-\U000118f2\U000118ff-\U00011906\U00011909\U0001190c-\U00011913\U00011915-\U00011916\U00011918-\U0001192f\U0001193f\U00011941\U00011950-\U00011959\U000119a0-\U000119a7\U000119aa-\U000119d0\U000119e1\U000119e3\U00011a00\U00011a0b-\U00011a32\U00011a3a\U00011a50\U00011a5c-\U00011a89\U00011a9d\U00011ab0-\U00011af8\U00011bc0-\U00011be0\U00011bf0-\U00011bf9\U00011c00-\U00011c08\U00011c0a-\U00011c2e\U00011c40\U00011c50-\U00011c6c\U00011c72-\U00011c8f\U00011d00-\U00011d06\U00011d08-\U00011d09\U00011d0b-\U00011d30\U00011d46\U00011d50-\U00011d59\U00011d60-\U00011d65\U00011d67-\U00011d68\U00011d6a-\U00011d89\U00011d98\U00011da0-\U00011da9\U00011db0-\U00011ddb\U00011de0-\U00011de9\U00011ee0-\U00011ef2\U00011f02\U00011f04-\U00011f10\U00011f12-\U00011f33\U00011f50-\U00011f59\U00011fb0\U00011fc0-\U00011fd4\U00012000-\U00012399\U00012400-\U0001246e\U00012480-\U00012543\U00012f90-\U00012ff0\U00013000-\U0001342f\U00013441-\U00013446\U00013460-\U000143fa\U00014400-\U00014646\U00016100-\U0001611d\U00016130-\U00016139\U00016800-\U00016a38\U00016a40-\U00016a5e\U00016a60-\U00016a69\U00016a70-\U00016abe\U00016ac0-\U00016ac9\U00016ad0-\U00016aed\U00016b00-\U00016b2f\U00016b40-\U00016b43\U00016b50-\U00016b59\U00016b5b-\U00016b61\U00016b63-\U00016b77\U00016b7d-\U00016b8f\U00016d40-\U00016d6c\U00016d70-\U00016d79\U00016e40-\U00016e96\U00016ea0-\U00016eb8\U00016ebb-\U00016ed3\U00016f00-\U00016f4a\U00016f50\U00016f93-\U00016f9f\U00016fe0-\U00016fe1\U00016fe3\U00016ff2-\U00016ff6\U00017000-\U00018cd5\U00018cff-\U00018d1e\U00018d80-\U00018df2\U0001aff0-\U0001aff3\U0001aff5-\U0001affb\U0001affd-\U0001affe\U0001b000-\U0001b122\U0001b132\U0001b150-\U0001b152\U0001b155\U0001b164-\U0001b167\U0001b170-\U0001b2fb\U0001bc00-\U0001bc6a\U0001bc70-\U0001bc7c\U0001bc80-\U0001bc88\U0001bc90-\U0001bc99\U0001ccf0-\U0001ccf9\U0001d2c0-\U0001d2d3\U0001d2e0-\U0001d2f3\U0001d360-\U0001d378\U0001d400-\U0001d454\U0001d456-\U0001d49c\U0001d49e-\U0001d49f\U0001d4a2\U0001d4a5-\U0001d4a6\U0001d4a9-\U0001d4ac\U0001d4ae-\U0001d4b9\U0001d4bb\U0001d4bd-\U0001d4c3\U0001d4c5-\U0001d505\U0001d507-\U0001d50a\U0001d50d-\U0001d514\U0001d516-\U0001d51c\U0001d51e-\U0001d539\U0001d53b-\U0001d53e\U0001d540-\U0001d544\U0001d546\U0001d54a-\U0001d550\U0001d552-\U0001d6a5\U0001d6a8-\U0001d6c0\U0001d6c2-\U0001d6da\U0001d6dc-\U0001d6fa\U0001d6fc-\U0001d714\U0001d716-\U0001d734\U0001d736-\U0001d74e\U0001d750-\U0001d76e\U0001d770-\U0001d788\U0001d78a-\U0001d7a8\U0001d7aa-\U0001d7c2\U0001d7c4-\U0001d7cb\U0001d7ce-\U0001d7ff\U0001df00-\U0001df1e\U0001df25-\U0001df2a\U0001e030-\U0001e06d\U0001e100-\U0001e12c\U0001e137-\U0001e13d\U0001e140-\U0001e149\U0001e14e\U0001e290-\U0001e2ad\U0001e2c0-\U0001e2eb\U0001e2f0-\U0001e2f9\U0001e4d0-\U0001e4eb\U0001e4f0-\U0001e4f9\U0001e5d0-\U0001e5ed\U0001e5f0-\U0001e5fa\U0001e6c0-\U0001e6de\U0001e6e0-\U0001e6e2\U0001e6e4-\U0001e6e5\U0001e6e7-\U0001e6ed\U0001e6f0-\U0001e6f4\U0001e6fe-\U0001e6ff\U0001e7e0-\U0001e7e6\U0001e7e8-\U0001e7eb\U0001e7ed-\U0001e7ee\U0001e7f0-\U0001e7fe\U0001e800-\U0001e8c4\U0001e8c7-\U0001e8cf\U0001e900-\U0001e943\U0001e94b\U0001e950-\U0001e959\U0001ec71-\U0001ecab\U0001ecad-\U0001ecaf\U0001ecb1-\U0001ecb4\U0001ed01-\U0001ed2d\U0001ed2f-\U0001ed3d\U0001ee00-\U0001ee03\U0001ee05-\U0001ee1f\U0001ee21-\U0001ee22\U0001ee24\U0001ee27\U0001ee29-\U0001ee32\U0001ee34-\U0001ee37\U0001ee39\U0001ee3b\U0001ee42\U0001ee47\U0001ee49\U0001ee4b\U0001ee4d-\U0001ee4f\U0001ee51-\U0001ee52\U0001ee54\U0001ee57\U0001ee59\U0001ee5b\U0001ee5d\U0001ee5f\U0001ee61-\U0001ee62\U0001ee64\U0001ee67-\U0001ee6a\U0001ee6c-\U0001ee72\U0001ee74-\U0001ee77\U0001ee79-\U0001ee7c\U0001ee7e\U0001ee80-\U0001ee89\U0001ee8b-\U0001ee9b\U0001eea1-\U0001eea3\U0001eea5-\U0001eea9\U0001eeab-\U0001eebb\U0001f100-\U0001f10c\U0001fbf0-\U0001fbf9\U00020000-\U0002a6df\U0002a700-\U0002b81d\U0002b820-\U0002cead\U0002ceb0-\U0002ebe0\U0002ebf0-\U0002ee5d\U0002f800-\U0002fa1d\U00030000-\U0003134a\U00031350-\U00033479'),
    1,
    'i')
$$;

-- A description as the rules compare it with others (domain/spam-text.ts textKey): NFKC, lower case,
-- invisible formatting gone, every run of other than letters, marks and digits one space; null when
-- none, or shorter than 20 (counted as JavaScript counts, in UTF-16 units).
create or replace function public.spam_text_key(description text)
  returns text
  language sql
  immutable
  set search_path = ''
as $$
  select case when pg_catalog.char_length(k.key) + pg_catalog.regexp_count(k.key, '[\U00010000-\U0010ffff]') >= 20 then k.key end
    from (select pg_catalog.btrim(
                   pg_catalog.regexp_replace(
                     pg_catalog.regexp_replace(pg_catalog.lower(pg_catalog.normalize(spam_text_key.description, 'NFKC')), '[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]', '', 'g'),
                     '[^\u0030-\u0039\u0041-\u005a\u0061-\u007a\u00aa\u00b2-\u00b3\u00b5\u00b9-\u00ba\u00bc-\u00be\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02c1\u02c6-\u02d1\u02e0-\u02e4\u02ec\u02ee\u0300-\u0374\u0376-\u0377\u037a-\u037d\u037f\u0386\u0388-\u038a\u038c\u038e-\u03a1\u03a3-\u03f5\u03f7-\u0481\u0483-\u052f\u0531-\u0556\u0559\u0560-\u0588\u0591-\u05bd\u05bf\u05c1-\u05c2\u05c4-\u05c5\u05c7\u05d0-\u05ea\u05ef-\u05f2\u0610-\u061a\u0620-\u0669\u066e-\u06d3\u06d5-\u06dc\u06df-\u06e8\u06ea-\u06fc\u06ff\u0710-\u074a\u074d-\u07b1\u07c0-\u07f5\u07fa\u07fd\u0800-\u082d\u0840-\u085b\u0860-\u086a\u0870-\u0887\u0889-\u088f\u0897-\u08e1\u08e3-\u0963\u0966-\u096f\u0971-\u0983\u0985-\u098c\u098f-\u0990\u0993-\u09a8\u09aa-\u09b0\u09b2\u09b6-\u09b9\u09bc-\u09c4\u09c7-\u09c8\u09cb-\u09ce\u09d7\u09dc-\u09dd\u09df-\u09e3\u09e6-\u09f1\u09f4-\u09f9\u09fc\u09fe\u0a01-\u0a03\u0a05-\u0a0a\u0a0f-\u0a10\u0a13-\u0a28\u0a2a-\u0a30\u0a32-\u0a33\u0a35-\u0a36\u0a38-\u0a39\u0a3c\u0a3e-\u0a42\u0a47-\u0a48\u0a4b-\u0a4d\u0a51\u0a59-\u0a5c\u0a5e\u0a66-\u0a75\u0a81-\u0a83\u0a85-\u0a8d\u0a8f-\u0a91\u0a93-\u0aa8\u0aaa-\u0ab0\u0ab2-\u0ab3\u0ab5-\u0ab9\u0abc-\u0ac5\u0ac7-\u0ac9\u0acb-\u0acd\u0ad0\u0ae0-\u0ae3\u0ae6-\u0aef\u0af9-\u0aff\u0b01-\u0b03\u0b05-\u0b0c\u0b0f-\u0b10\u0b13-\u0b28\u0b2a-\u0b30\u0b32-\u0b33\u0b35-\u0b39\u0b3c-\u0b44\u0b47-\u0b48\u0b4b-\u0b4d\u0b55-\u0b57\u0b5c-\u0b5d\u0b5f-\u0b63\u0b66-\u0b6f\u0b71-\u0b77\u0b82-\u0b83\u0b85-\u0b8a\u0b8e-\u0b90\u0b92-\u0b95\u0b99-\u0b9a\u0b9c\u0b9e-\u0b9f\u0ba3-\u0ba4\u0ba8-\u0baa\u0bae-\u0bb9\u0bbe-\u0bc2\u0bc6-\u0bc8\u0bca-\u0bcd\u0bd0\u0bd7\u0be6-\u0bf2\u0c00-\u0c0c\u0c0e-\u0c10\u0c12-\u0c28\u0c2a-\u0c39\u0c3c-\u0c44\u0c46-\u0c48\u0c4a-\u0c4d\u0c55-\u0c56\u0c58-\u0c5a\u0c5c-\u0c5d\u0c60-\u0c63\u0c66-\u0c6f\u0c78-\u0c7e\u0c80-\u0c83\u0c85-\u0c8c\u0c8e-\u0c90\u0c92-\u0ca8\u0caa-\u0cb3\u0cb5-\u0cb9\u0cbc-\u0cc4\u0cc6-\u0cc8\u0cca-\u0ccd\u0cd5-\u0cd6\u0cdc-\u0cde\u0ce0-\u0ce3\u0ce6-\u0cef\u0cf1-\u0cf3\u0d00-\u0d0c\u0d0e-\u0d10\u0d12-\u0d44\u0d46-\u0d48\u0d4a-\u0d4e\u0d54-\u0d63\u0d66-\u0d78\u0d7a-\u0d7f\u0d81-\u0d83\u0d85-\u0d96\u0d9a-\u0db1\u0db3-\u0dbb\u0dbd\u0dc0-\u0dc6\u0dca\u0dcf-\u0dd4\u0dd6\u0dd8-\u0ddf\u0de6-\u0def\u0df2-\u0df3\u0e01-\u0e3a\u0e40-\u0e4e\u0e50-\u0e59\u0e81-\u0e82\u0e84\u0e86-\u0e8a\u0e8c-\u0ea3\u0ea5\u0ea7-\u0ebd\u0ec0-\u0ec4\u0ec6\u0ec8-\u0ece\u0ed0-\u0ed9\u0edc-\u0edf\u0f00\u0f18-\u0f19\u0f20-\u0f33\u0f35\u0f37\u0f39\u0f3e-\u0f47\u0f49-\u0f6c\u0f71-\u0f84\u0f86-\u0f97\u0f99-\u0fbc\u0fc6\u1000-\u1049\u1050-\u109d\u10a0-\u10c5\u10c7\u10cd\u10d0-\u10fa\u10fc-\u1248\u124a-\u124d\u1250-\u1256\u1258\u125a-\u125d\u1260-\u1288\u128a-\u128d\u1290-\u12b0\u12b2-\u12b5\u12b8-\u12be\u12c0\u12c2-\u12c5\u12c8-\u12d6\u12d8-\u1310\u1312-\u1315\u1318-\u135a\u135d-\u135f\u1369-\u137c\u1380-\u138f\u13a0-\u13f5\u13f8-\u13fd\u1401-\u166c\u166f-\u167f\u1681-\u169a\u16a0-\u16ea\u16ee-\u16f8\u1700-\u1715\u171f-\u1734\u1740-\u1753\u1760-\u176c\u176e-\u1770\u1772-\u1773\u1780-\u17d3\u17d7\u17dc-\u17dd\u17e0-\u17e9\u17f0-\u17f9\u180b-\u180d\u180f-\u1819\u1820-\u1878\u1880-\u18aa\u18b0-\u18f5\u1900-\u191e\u1920-\u192b\u1930-\u193b\u1946-\u196d\u1970-\u1974\u1980-\u19ab\u19b0-\u19c9\u19d0-\u19da\u1a00-\u1a1b\u1a20-\u1a5e\u1a60-\u1a7c\u1a7f-\u1a89\u1a90-\u1a99\u1aa7\u1ab0-\u1add\u1ae0-\u1aeb\u1b00-\u1b4c\u1b50-\u1b59\u1b6b-\u1b73\u1b80-\u1bf3\u1c00-\u1c37\u1c40-\u1c49\u1c4d-\u1c7d\u1c80-\u1c8a\u1c90-\u1cba\u1cbd-\u1cbf\u1cd0-\u1cd2\u1cd4-\u1cfa\u1d00-\u1f15\u1f18-\u1f1d\u1f20-\u1f45\u1f48-\u1f4d\u1f50-\u1f57\u1f59\u1f5b\u1f5d\u1f5f-\u1f7d\u1f80-\u1fb4\u1fb6-\u1fbc\u1fbe\u1fc2-\u1fc4\u1fc6-\u1fcc\u1fd0-\u1fd3\u1fd6-\u1fdb\u1fe0-\u1fec\u1ff2-\u1ff4\u1ff6-\u1ffc\u2070-\u2071\u2074-\u2079\u207f-\u2089\u2090-\u209c\u20d0-\u20f0\u2102\u2107\u210a-\u2113\u2115\u2119-\u211d\u2124\u2126\u2128\u212a-\u212d\u212f-\u2139\u213c-\u213f\u2145-\u2149\u214e\u2150-\u2189\u2460-\u249b\u24ea-\u24ff\u2776-\u2793\u2c00-\u2ce4\u2ceb-\u2cf3\u2cfd\u2d00-\u2d25\u2d27\u2d2d\u2d30-\u2d67\u2d6f\u2d7f-\u2d96\u2da0-\u2da6\u2da8-\u2dae\u2db0-\u2db6\u2db8-\u2dbe\u2dc0-\u2dc6\u2dc8-\u2dce\u2dd0-\u2dd6\u2dd8-\u2dde\u2de0-\u2dff\u2e2f\u3005-\u3007\u3021-\u302f\u3031-\u3035\u3038-\u303c\u3041-\u3096\u3099-\u309a\u309d-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3105-\u312f\u3131-\u318e\u3192-\u3195\u31a0-\u31bf\u31f0-\u31ff\u3220-\u3229\u3248-\u324f\u3251-\u325f\u3280-\u3289\u32b1-\u32bf\u3400-\u4dbf\u4e00-\ua48c\ua4d0-\ua4fd\ua500-\ua60c\ua610-\ua62b\ua640-\ua672\ua674-\ua67d\ua67f-\ua6f1\ua717-\ua71f\ua722-\ua788\ua78b-\ua7dc\ua7f1-\ua827\ua82c\ua830-\ua835\ua840-\ua873\ua880-\ua8c5\ua8d0-\ua8d9\ua8e0-\ua8f7\ua8fb\ua8fd-\ua92d\ua930-\ua953\ua960-\ua97c\ua980-\ua9c0\ua9cf-\ua9d9\ua9e0-\ua9fe\uaa00-\uaa36\uaa40-\uaa4d\uaa50-\uaa59\uaa60-\uaa76\uaa7a-\uaac2\uaadb-\uaadd\uaae0-\uaaef\uaaf2-\uaaf6\uab01-\uab06\uab09-\uab0e\uab11-\uab16\uab20-\uab26\uab28-\uab2e\uab30-\uab5a\uab5c-\uab69\uab70-\uabea\uabec-\uabed\uabf0-\uabf9\uac00-\ud7a3\ud7b0-\ud7c6\ud7cb-\ud7fb\uf900-\ufa6d\ufa70-\ufad9\ufb00-\ufb06\ufb13-\ufb17\ufb1d-\ufb28\ufb2a-\ufb36\ufb38-\ufb3c\ufb3e\ufb40-\ufb41\ufb43-\ufb44\ufb46-\ufbb1\ufbd3-\ufd3d\ufd50-\ufd8f\ufd92-\ufdc7\ufdf0-\ufdfb\ufe00-\ufe0f\ufe20-\ufe2f\ufe70-\ufe74\ufe76-\ufefc\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff66-\uffbe\uffc2-\uffc7\uffca-\uffcf\uffd2-\uffd7\uffda-\uffdc\U00010000-\U0001000b\U0001000d-\U00010026\U00010028-\U0001003a\U0001003c-\U0001003d\U0001003f-\U0001004d\U00010050-\U0001005d\U00010080-\U000100fa\U00010107-\U00010133\U00010140-\U00010178\U0001018a-\U0001018b\U000101fd\U00010280-\U0001029c\U000102a0-\U000102d0\U000102e0-\U000102fb\U00010300-\U00010323\U0001032d-\U0001034a\U00010350-\U0001037a\U00010380-\U0001039d\U000103a0-\U000103c3\U000103c8-\U000103cf\U000103d1-\U000103d5\U00010400-\U0001049d\U000104a0-\U000104a9\U000104b0-\U000104d3\U000104d8-\U000104fb\U00010500-\U00010527\U00010530-\U00010563\U00010570-\U0001057a\U0001057c-\U0001058a\U0001058c-\U00010592\U00010594-\U00010595\U00010597-\U000105a1\U000105a3-\U000105b1\U000105b3-\U000105b9\U000105bb-\U000105bc\U000105c0-\U000105f3\U00010600-\U00010736\U00010740-\U00010755\U00010760-\U00010767\U00010780-\U00010785\U00010787-\U000107b0\U000107b2-\U000107ba\U00010800-\U00010805\U00010808\U0001080a-\U00010835\U00010837-\U00010838\U0001083c\U0001083f-\U00010855\U00010858-\U00010876\U00010879-\U0001089e\U000108a7-\U000108af\U000108e0-\U000108f2\U000108f4-\U000108f5\U000108fb-\U0001091b\U00010920-\U00010939\U00010940-\U00010959\U00010980-\U000109b7\U000109bc-\U000109cf\U000109d2-\U00010a03\U00010a05-\U00010a06\U00010a0c-\U00010a13\U00010a15-\U00010a17\U00010a19-\U00010a35\U00010a38-\U00010a3a\U00010a3f-\U00010a48\U00010a60-\U00010a7e\U00010a80-\U00010a9f\U00010ac0-\U00010ac7\U00010ac9-\U00010ae6\U00010aeb-\U00010aef\U00010b00-\U00010b35\U00010b40-\U00010b55\U00010b58-\U00010b72\U00010b78-\U00010b91\U00010ba9-\U00010baf\U00010c00-\U00010c48\U00010c80-\U00010cb2\U00010cc0-\U00010cf2\U00010cfa-\U00010d27\U00010d30-\U00010d39\U00010d40-\U00010d65\U00010d69-\U00010d6d\U00010d6f-\U00010d85\U00010e60-\U00010e7e\U00010e80-\U00010ea9\U00010eab-\U00010eac\U00010eb0-\U00010eb1\U00010ec2-\U00010ec7\U00010efa-\U00010f27\U00010f30-\U00010f54\U00010f70-\U00010f85\U00010fb0-\U00010fcb\U00010fe0-\U00010ff6\U00011000-\U00011046\U00011052-\U00011075\U0001107f-\U000110ba\U000110c2\U000110d0-\U000110e8\U000110f0-\U000110f9\U00011100-\U00011134\U00011136-\U0001113f\U00011144-\U00011147\U00011150-\U00011173\U00011176\U00011180-\U000111c4\U000111c9-\U000111cc\U000111ce-\U000111da\U000111dc\U000111e1-\U000111f4\U00011200-\U00011211\U00011213-\U00011237\U0001123e-\U00011241\U00011280-\U00011286\U00011288\U0001128a-\U0001128d\U0001128f-\U0001129d\U0001129f-\U000112a8\U000112b0-\U000112ea\U000112f0-\U000112f9\U00011300-\U00011303\U00011305-\U0001130c\U0001130f-\U00011310\U00011313-\U00011328\U0001132a-\U00011330\U00011332-\U00011333\U00011335-\U00011339\U0001133b-\U00011344\U00011347-\U00011348\U0001134b-\U0001134d\U00011350\U00011357\U0001135d-\U00011363\U00011366-\U0001136c\U00011370-\U00011374\U00011380-\U00011389\U0001138b\U0001138e\U00011390-\U000113b5\U000113b7-\U000113c0\U000113c2\U000113c5\U000113c7-\U000113ca\U000113cc-\U000113d3\U000113e1-\U000113e2\U00011400-\U0001144a\U00011450-\U00011459\U0001145e-\U00011461\U00011480-\U000114c5\U000114c7\U000114d0-\U000114d9\U00011580-\U000115b5\U000115b8-\U000115c0\U000115d8-\U000115dd\U00011600-\U00011640\U00011644\U00011650-\U00011659\U00011680-\U000116b8\U000116c0-\U000116c9\U000116d0-\U000116e3\U00011700-\U0001171a\U0001171d-\U0001172b\U00011730-\U0001173b\U00011740-\U00011746\U00011800-\U0001183a\U000118a0-\U000118f2\U000118ff-\U00011906\U00011909\U0001190c-\U00011913\U00011915-\U00011916\U00011918-\U00011935\U00011937-\U00011938\U0001193b-\U00011943\U00011950-\U00011959\U000119a0-\U000119a7\U000119aa-\U000119d7\U000119da-\U000119e1\U000119e3-\U000119e4\U00011a00-\U00011a3e\U00011a47\U00011a50-\U00011a99\U00011a9d\U00011ab0-\U00011af8\U00011b60-\U00011b67\U00011bc0-\U00011be0\U00011bf0-\U00011bf9\U00011c00-\U00011c08\U00011c0a-\U00011c36\U00011c38-\U00011c40\U00011c50-\U00011c6c\U00011c72-\U00011c8f\U00011c92-\U00011ca7\U00011ca9-\U00011cb6\U00011d00-\U00011d06\U00011d08-\U00011d09\U00011d0b-\U00011d36\U00011d3a\U00011d3c-\U00011d3d\U00011d3f-\U00011d47\U00011d50-\U00011d59\U00011d60-\U00011d65\U00011d67-\U00011d68\U00011d6a-\U00011d8e\U00011d90-\U00011d91\U00011d93-\U00011d98\U00011da0-\U00011da9\U00011db0-\U00011ddb\U00011de0-\U00011de9\U00011ee0-\U00011ef6\U00011f00-\U00011f10\U00011f12-\U00011f3a\U00011f3e-\U00011f42\U00011f50-\U00011f5a\U00011fb0\U00011fc0-\U00011fd4\U00012000-\U00012399\U00012400-\U0001246e\U00012480-\U00012543\U00012f90-\U00012ff0\U00013000-\U0001342f\U00013440-\U00013455\U00013460-\U000143fa\U00014400-\U00014646\U00016100-\U00016139\U00016800-\U00016a38\U00016a40-\U00016a5e\U00016a60-\U00016a69\U00016a70-\U00016abe\U00016ac0-\U00016ac9\U00016ad0-\U00016aed\U00016af0-\U00016af4\U00016b00-\U00016b36\U00016b40-\U00016b43\U00016b50-\U00016b59\U00016b5b-\U00016b61\U00016b63-\U00016b77\U00016b7d-\U00016b8f\U00016d40-\U00016d6c\U00016d70-\U00016d79\U00016e40-\U00016e96\U00016ea0-\U00016eb8\U00016ebb-\U00016ed3\U00016f00-\U00016f4a\U00016f4f-\U00016f87\U00016f8f-\U00016f9f\U00016fe0-\U00016fe1\U00016fe3-\U00016fe4\U00016ff0-\U00016ff6\U00017000-\U00018cd5\U00018cff-\U00018d1e\U00018d80-\U00018df2\U0001aff0-\U0001aff3\U0001aff5-\U0001affb\U0001affd-\U0001affe\U0001b000-\U0001b122\U0001b132\U0001b150-\U0001b152\U0001b155\U0001b164-\U0001b167\U0001b170-\U0001b2fb\U0001bc00-\U0001bc6a\U0001bc70-\U0001bc7c\U0001bc80-\U0001bc88\U0001bc90-\U0001bc99\U0001bc9d-\U0001bc9e\U0001ccf0-\U0001ccf9\U0001cf00-\U0001cf2d\U0001cf30-\U0001cf46\U0001d165-\U0001d169\U0001d16d-\U0001d172\U0001d17b-\U0001d182\U0001d185-\U0001d18b\U0001d1aa-\U0001d1ad\U0001d242-\U0001d244\U0001d2c0-\U0001d2d3\U0001d2e0-\U0001d2f3\U0001d360-\U0001d378\U0001d400-\U0001d454\U0001d456-\U0001d49c\U0001d49e-\U0001d49f\U0001d4a2\U0001d4a5-\U0001d4a6\U0001d4a9-\U0001d4ac\U0001d4ae-\U0001d4b9\U0001d4bb\U0001d4bd-\U0001d4c3\U0001d4c5-\U0001d505\U0001d507-\U0001d50a\U0001d50d-\U0001d514\U0001d516-\U0001d51c\U0001d51e-\U0001d539\U0001d53b-\U0001d53e\U0001d540-\U0001d544\U0001d546\U0001d54a-\U0001d550\U0001d552-\U0001d6a5\U0001d6a8-\U0001d6c0\U0001d6c2-\U0001d6da\U0001d6dc-\U0001d6fa\U0001d6fc-\U0001d714\U0001d716-\U0001d734\U0001d736-\U0001d74e\U0001d750-\U0001d76e\U0001d770-\U0001d788\U0001d78a-\U0001d7a8\U0001d7aa-\U0001d7c2\U0001d7c4-\U0001d7cb\U0001d7ce-\U0001d7ff\U0001da00-\U0001da36\U0001da3b-\U0001da6c\U0001da75\U0001da84\U0001da9b-\U0001da9f\U0001daa1-\U0001daaf\U0001df00-\U0001df1e\U0001df25-\U0001df2a\U0001e000-\U0001e006\U0001e008-\U0001e018\U0001e01b-\U0001e021\U0001e023-\U0001e024\U0001e026-\U0001e02a\U0001e030-\U0001e06d\U0001e08f\U0001e100-\U0001e12c\U0001e130-\U0001e13d\U0001e140-\U0001e149\U0001e14e\U0001e290-\U0001e2ae\U0001e2c0-\U0001e2f9\U0001e4d0-\U0001e4f9\U0001e5d0-\U0001e5fa\U0001e6c0-\U0001e6de\U0001e6e0-\U0001e6f5\U0001e6fe-\U0001e6ff\U0001e7e0-\U0001e7e6\U0001e7e8-\U0001e7eb\U0001e7ed-\U0001e7ee\U0001e7f0-\U0001e7fe\U0001e800-\U0001e8c4\U0001e8c7-\U0001e8d6\U0001e900-\U0001e94b\U0001e950-\U0001e959\U0001ec71-\U0001ecab\U0001ecad-\U0001ecaf\U0001ecb1-\U0001ecb4\U0001ed01-\U0001ed2d\U0001ed2f-\U0001ed3d\U0001ee00-\U0001ee03\U0001ee05-\U0001ee1f\U0001ee21-\U0001ee22\U0001ee24\U0001ee27\U0001ee29-\U0001ee32\U0001ee34-\U0001ee37\U0001ee39\U0001ee3b\U0001ee42\U0001ee47\U0001ee49\U0001ee4b\U0001ee4d-\U0001ee4f\U0001ee51-\U0001ee52\U0001ee54\U0001ee57\U0001ee59\U0001ee5b\U0001ee5d\U0001ee5f\U0001ee61-\U0001ee62\U0001ee64\U0001ee67-\U0001ee6a\U0001ee6c-\U0001ee72\U0001ee74-\U0001ee77\U0001ee79-\U0001ee7c\U0001ee7e\U0001ee80-\U0001ee89\U0001ee8b-\U0001ee9b\U0001eea1-\U0001eea3\U0001eea5-\U0001eea9\U0001eeab-\U0001eebb\U0001f100-\U0001f10c\U0001fbf0-\U0001fbf9\U00020000-\U0002a6df\U0002a700-\U0002b81d\U0002b820-\U0002cead\U0002ceb0-\U0002ebe0\U0002ebf0-\U0002ee5d\U0002f800-\U0002fa1d\U00030000-\U0003134a\U00031350-\U00033479\U000e0100-\U000e01ef]+', ' ', 'g'),
                   ' ') as key) k
$$;

-- Whether an email address is at a throwaway mail service (domain/spam.ts isDisposableEmail): its
-- domain, or any domain it is under, on the list; or a label of it one of the names used under any
-- top-level domain.
create or replace function public.spam_disposable_email(email text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select exists (select 1 from pg_catalog.generate_subscripts(d.labels, 1) as i
                  where pg_catalog.array_to_string(d.labels[i:], '.') in ('10minutemail.com', 'dispostable.com', 'getnada.com', 'grr.la', 'maildrop.cc', 'mailnesia.com', 'sharklasers.com', 'temp-mail.org', 'throwawaymail.com', 'trashmail.com'))
      or d.labels[1:pg_catalog.cardinality(d.labels) - 1] && array['guerrillamail', 'guerrillamailblock', 'mailinator', 'yopmail']::text[]
    from (select pg_catalog.string_to_array(pg_catalog.lower(pg_catalog.regexp_replace(spam_disposable_email.email, '^.*@', '')), '.') as labels) d
$$;

-- Whether a phone number cannot be anyone's (domain/spam.ts isImpossiblePhone): a UK number (44 after
-- public.phone_number_key) whose first digit or length no number has, or any number with seven of
-- one digit or seven counting up or down.
create or replace function public.spam_impossible_phone(phone text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select case
    when k.digits not like '44%' then k.digits ~ '0000000|0123456|0987654|1111111|1234567|1098765|2222222|2345678|2109876|3333333|3456789|3210987|4444444|4567890|4321098|5555555|5678901|5432109|6666666|6789012|6543210|7777777|7890123|7654321|8888888|8901234|8765432|9999999|9012345|9876543'
    else pg_catalog.substr(k.digits, 3) !~ '^([237][0-9]{9}|[18][0-9]{8,9})$' or pg_catalog.substr(k.digits, 3) ~ '0000000|0123456|0987654|1111111|1234567|1098765|2222222|2345678|2109876|3333333|3456789|3210987|4444444|4567890|4321098|5555555|5678901|5432109|6666666|6789012|6543210|7777777|7890123|7654321|8888888|8901234|8765432|9999999|9012345|9876543'
  end
    from (select public.phone_number_key(spam_impossible_phone.phone) as digits) k
$$;

-- The verdict on a request (domain/spam.ts judgeSpam) from what the database knows of it:
-- {"score", "reasons": [{"signal", "weight"}, …] in the order staff read them, "spam"}. Spam from a
-- score of 10.
create or replace function public.spam_verdict(
  name text, email text, phone text, description text, honeypot_filled boolean, same_text_recently integer
)
  returns jsonb
  language sql
  immutable
  set search_path = ''
as $$
  select jsonb_build_object(
           'score', coalesce(sum(s.weight), 0),
           'reasons', coalesce(jsonb_agg(jsonb_build_object('signal', s.signal, 'weight', s.weight) order by s.position), '[]'::jsonb),
           'spam', coalesce(sum(s.weight), 0) >= 10)
    from (values
      ('honeypot', 10, 0, coalesce(spam_verdict.honeypot_filled, false)),
      ('links-in-name', 7, 1, public.spam_link_count(spam_verdict.name) > 0),
      ('many-links', 6, 2, spam_verdict.description is not null and public.spam_link_count(spam_verdict.description) >= 3),
      ('repeated', 6, 3, spam_verdict.same_text_recently >= 3 and public.spam_text_key(spam_verdict.description) is not null),
      ('disposable-email', 3, 4, spam_verdict.email is not null and public.spam_disposable_email(spam_verdict.email)),
      ('impossible-phone', 6, 5, public.spam_impossible_phone(spam_verdict.phone))
    ) as s(signal, weight, position, found)
   where s.found
$$;

-- Judges every request as it is inserted, whoever inserts it: the browser cannot skip it, nor set a
-- verdict of its own (it may not insert those columns, and this sets them all). The same description
-- is counted among the requests stored in the last 24 hours. security definer: it reads
-- the other requests, which a visitor may not.
create or replace function public.judge_quote_request()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  recent integer := 0;
  verdict jsonb;
begin
  new.spam_text_key := public.spam_text_key(new.description);
  if new.spam_text_key is not null then
    select count(*) into recent
      from public.quote_requests q
     where q.spam_text_key = new.spam_text_key
       and q.created_at >= pg_catalog.now() - pg_catalog.make_interval(hours => 24);
  end if;
  verdict := public.spam_verdict(new.name, new.email, new.phone, new.description, new.honeypot_filled, recent);
  if (verdict ->> 'spam')::boolean then
    new.spam_score := (verdict ->> 'score')::integer;
    new.spam_reasons := verdict -> 'reasons';
    new.spam_sent_at := pg_catalog.now();
  else
    new.spam_score := null;
    new.spam_reasons := null;
    new.spam_sent_at := null;
  end if;
  new.spam_cleared_by := null;
  new.spam_cleared_at := null;
  return new;
end;
$$;

drop trigger if exists quote_requests_judge_spam on public.quote_requests;
create trigger quote_requests_judge_spam
  before insert on public.quote_requests
  for each row execute function public.judge_quote_request();

-- "Not spam", for staff: moves a request out of the Spam folder to Waiting, recording the caller's
-- JWT email and the database's time. From then it counts as arriving now: created_at (and with it the
-- due time) becomes now, and spam_sent_at keeps when it was sent. The browser then asks the email and
-- alert functions as for a new request.
--   {"outcome": "cleared", "quote": <inbox_quote_json>}   {"outcome": "not-spam"}   {"outcome": "not-found"}
create or replace function public.clear_spam(quote_id uuid)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  caller text := auth.jwt() ->> 'email';
  cleared public.quote_requests;
begin
  if not public.is_staff() then
    raise exception 'permission denied for function clear_spam' using errcode = '42501';
  end if;
  if caller is null or caller = '' then
    raise exception 'the caller''s token has no email to record the clearing under' using errcode = '42501';
  end if;
  update public.quote_requests q
     set spam_cleared_by = caller, spam_cleared_at = pg_catalog.now(), created_at = pg_catalog.now()
   where q.id = clear_spam.quote_id and (q.spam_score is not null and q.spam_cleared_at is null)
  returning q.* into cleared;
  if cleared.id is not null then
    return jsonb_build_object('outcome', 'cleared', 'quote', public.inbox_quote_json(cleared));
  end if;
  if exists (select 1 from public.quote_requests q where q.id = clear_spam.quote_id) then
    return jsonb_build_object('outcome', 'not-spam');
  end if;
  return jsonb_build_object('outcome', 'not-found');
end;
$$;

-- Deletes the requests still in the Spam folder that were sent before `cutoff`; says how many
-- (domain/ports.ts QuoteRetention.deleteSpamBefore). Their photos' files go with purge-photos.
create or replace function public.delete_spam_sent_before(cutoff timestamptz)
  returns integer
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  deleted integer;
begin
  delete from public.quote_requests q where (q.spam_score is not null and q.spam_cleared_at is null) and q.spam_sent_at < delete_spam_sent_before.cutoff;
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;

revoke execute on function public.spam_link_count(text) from public, anon, authenticated, service_role;
revoke execute on function public.spam_text_key(text) from public, anon, authenticated, service_role;
revoke execute on function public.spam_disposable_email(text) from public, anon, authenticated, service_role;
revoke execute on function public.spam_impossible_phone(text) from public, anon, authenticated, service_role;
revoke execute on function public.spam_verdict(text, text, text, text, boolean, integer) from public, anon, authenticated, service_role;
revoke execute on function public.judge_quote_request() from public, anon, authenticated, service_role;
revoke execute on function public.delete_spam_sent_before(timestamptz) from public, anon, authenticated, service_role;
grant execute on function public.delete_spam_sent_before(timestamptz) to service_role;
revoke execute on function public.clear_spam(uuid) from public, anon, authenticated, service_role;
grant execute on function public.clear_spam(uuid) to authenticated;

-- A customer may close a request from any status but lost ("No longer needed"), which is no move staff
-- make: the history keeps it under 'customer', which no staff email can be (each has an @). A request
-- closed from the Waiting view was never called back, so it has no response time.
alter table public.quote_status_changes drop constraint if exists quote_status_changes_move;
alter table public.quote_status_changes add constraint quote_status_changes_move check (
  public.quote_status_move_allowed(from_status, to_status)
  or (changed_by = 'customer' and to_status = 'lost' and from_status <> 'lost')
);

-- The request whose token hashes to token_hash, as the inbox shows it (the function shows the
-- customer only what is theirs); null for none.
create or replace function public.customer_request(token_hash text)
  returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select public.inbox_quote_json(q) from public.quote_requests q where q.customer_token_hash = customer_request.token_hash
$$;

-- Adds the customer's message as a note by 'customer', now; the request as it is then, or null for none.
create or replace function public.add_customer_message(token_hash text, message text)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  found public.quote_requests;
begin
  select q.* into found from public.quote_requests q where q.customer_token_hash = add_customer_message.token_hash for update;
  if found.id is null then
    return null;
  end if;
  insert into public.quote_notes (quote_id, text, written_by) values (found.id, add_customer_message.message, 'customer');
  return public.inbox_quote_json(found);
end;
$$;

-- "No longer needed": closes the request as lost for the customer, now, with a change of status and
-- a note by 'customer' saying so; a request already lost is left as it is. The request as it is then,
-- or null for none.
create or replace function public.close_for_customer(token_hash text)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  found public.quote_requests;
  was text;
begin
  select q.* into found from public.quote_requests q where q.customer_token_hash = close_for_customer.token_hash for update;
  if found.id is null then
    return null;
  end if;
  was := found.status;
  if was <> 'lost' then
    update public.quote_requests q set status = 'lost' where q.id = found.id returning q.* into found;
    insert into public.quote_status_changes (quote_id, from_status, to_status, changed_by)
    values (found.id, was, 'lost', 'customer');
    insert into public.quote_notes (quote_id, text, written_by) values (found.id, 'No longer needed', 'customer');
  end if;
  return public.inbox_quote_json(found);
end;
$$;

revoke execute on function public.customer_request(text) from public, anon, authenticated, service_role;
grant execute on function public.customer_request(text) to service_role;
revoke execute on function public.add_customer_message(text, text) from public, anon, authenticated, service_role;
grant execute on function public.add_customer_message(text, text) to service_role;
revoke execute on function public.close_for_customer(text) from public, anon, authenticated, service_role;
grant execute on function public.close_for_customer(text) to service_role;

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

-- The Spam folder's requests, once sent more than retention_days ago (SPAM_RETENTION_DAYS elsewhere;
-- here, the number in the job below).
create or replace function public.purge_spam_quote_requests(retention_days integer default 30)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  if retention_days < 1 then
    raise exception 'retention_days must be at least 1, not %', retention_days;
  end if;
  return public.delete_spam_sent_before(now() - make_interval(days => retention_days));
end;
$$;

revoke execute on function public.purge_spam_quote_requests(integer) from public, anon, authenticated, service_role;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule(
      'purge-expired-quote-requests',
      '17 3 * * *',
      'select public.purge_expired_quote_requests(24); select public.purge_spam_quote_requests(30)'
    );
  end if;
end;
$$;
