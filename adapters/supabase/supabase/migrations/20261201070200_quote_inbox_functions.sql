-- The inbox's calls, as functions PostgREST serves at /rest/v1/rpc/<name> (adapters/supabase/
-- supabase-quote-inbox.ts calls them). Reading runs as the caller (security invoker), so the
-- row-level security of each table decides what it sees: staff everything, anyone else nothing.
-- Changing a status is the one call that writes what its caller may not write directly, so it is
-- security definer and checks who is calling itself.

-- One request as the inbox shows it: its columns, its history oldest first, its notes newest first.
-- Timestamps come out as ISO 8601 with an offset, which the adapter parses.
create function public.inbox_quote_json(request public.quote_requests)
  returns jsonb
  language sql
  stable
  set search_path = ''
as $$
  select jsonb_build_object(
    'id', request.id,
    'created_at', request.created_at,
    'name', request.name,
    'email', request.email,
    'phone', request.phone,
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
      '[]'::jsonb)
  )
$$;

-- The requests a query matches, as domain/inbox-query.ts matchesQuery says: the view's status ('all'
-- for any), one service type, urgent or not, received from (inclusive) until (exclusive), and every
-- word found in search_text. The words come lower-cased by JavaScript (domain searchWords) and are
-- compared case-sensitively with strpos, so no character of theirs is a wildcard.
-- No `set search_path` (every name is qualified): a function with one cannot be inlined into the
-- query that calls it, and inlined the planner uses the table's indexes. It runs as its caller.
create function public.inbox_matching(
  view text,
  words jsonb,
  service_type text,
  urgent boolean,
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
--   'new' (waiting): urgent requests overdue at as_of first, then by due_at, then by id;
--   any other:       newest first by created_at, then by id, both descending.
-- A later page starts after the cursor (after_*), with the as_of of the first page, so a request
-- turning overdue meanwhile neither repeats nor goes missing. row_limit is the page's size plus one,
-- so the caller knows whether another page follows.
create function public.inbox_page(
  view text,
  as_of timestamptz,
  row_limit integer,
  words jsonb default '[]'::jsonb,
  service_type text default null,
  urgent boolean default null,
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

  select count(*) into total
    from public.inbox_matching(inbox_page.view, inbox_page.words, inbox_page.service_type, inbox_page.urgent,
                               inbox_page.received_from, inbox_page.received_to);

  if inbox_page.view = 'new' then
    select coalesce(jsonb_agg(public.inbox_quote_json(p.request) order by p.overdue_urgent desc, p.due_at, p.id), '[]'::jsonb)
      into quotes
      from (
        select q as request, (q.urgent and q.due_at < inbox_page.as_of) as overdue_urgent, q.due_at, q.id
          from public.inbox_matching(inbox_page.view, inbox_page.words, inbox_page.service_type, inbox_page.urgent,
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
          from public.inbox_matching(inbox_page.view, inbox_page.words, inbox_page.service_type, inbox_page.urgent,
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
-- (new -> contacted) sets responded_at: the end of the response time. The time is the database's
-- and the name the caller's JWT email; the caller sends neither.
--   {"outcome": "changed", "quote": <inbox_quote_json>}   {"outcome": "conflict", "current": "<status>"}
--   {"outcome": "not-found"}                               {"outcome": "not-allowed"}
-- security definer: it writes the status, which nobody may update directly, and the history, which
-- nobody may insert into. It checks is_staff() itself, and every name in it is qualified.
create function public.change_quote_status(quote_id uuid, from_status text, to_status text)
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
         responded_at = case when change_quote_status.from_status = 'new' then now() else q.responded_at end
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

-- Adds a note as the caller, now: null when there is no such request (or the caller, not being
-- staff, can see none). It runs as the caller, so the column grants and the insert policy on
-- quote_notes hold: the text and the request are all a client chooses.
create function public.add_quote_note(quote_id uuid, note_text text)
  returns jsonb
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  added public.quote_notes;
begin
  if not exists (select 1 from public.quote_requests q where q.id = add_quote_note.quote_id) then
    return null;
  end if;
  insert into public.quote_notes (quote_id, text)
  values (add_quote_note.quote_id, add_quote_note.note_text)
  returning * into added;
  return jsonb_build_object('id', added.id, 'text', added.text, 'by', added.written_by, 'at', added.written_at);
end;
$$;

-- What the response clock's summary needs (domain/ports.ts ClockRecord): the requests received at or
-- after `since`, and every request still waiting however old. One JSON array rather than rows, so
-- PostgREST's max_rows (config.toml) never cuts it short.
create function public.clock_records(since timestamptz)
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
-- Only signed-in users may call these; row-level security and is_staff() decide the rest.
revoke execute on function public.inbox_quote_json(public.quote_requests) from public, anon, authenticated, service_role;
revoke execute on function public.inbox_matching(text, jsonb, text, boolean, timestamptz, timestamptz) from public, anon, authenticated, service_role;
revoke execute on function public.inbox_page(text, timestamptz, integer, jsonb, text, boolean, timestamptz, timestamptz, boolean, timestamptz, timestamptz, uuid) from public, anon, authenticated, service_role;
revoke execute on function public.change_quote_status(uuid, text, text) from public, anon, authenticated, service_role;
revoke execute on function public.add_quote_note(uuid, text) from public, anon, authenticated, service_role;
revoke execute on function public.clock_records(timestamptz) from public, anon, authenticated, service_role;

grant execute on function public.inbox_quote_json(public.quote_requests) to authenticated;
grant execute on function public.inbox_matching(text, jsonb, text, boolean, timestamptz, timestamptz) to authenticated;
grant execute on function public.inbox_page(text, timestamptz, integer, jsonb, text, boolean, timestamptz, timestamptz, boolean, timestamptz, timestamptz, uuid) to authenticated;
grant execute on function public.change_quote_status(uuid, text, text) to authenticated;
grant execute on function public.add_quote_note(uuid, text) to authenticated;
grant execute on function public.clock_records(timestamptz) to authenticated;
