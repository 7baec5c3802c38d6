// The inbox's calls on a Supabase project, as PostgREST serves them at /rest/v1/rpc/<name>: the one
// place their SQL is written, with the domain's values put in (the fields, the waiting status, the
// view of every request, the service area's filters, the largest page). They first came in
// 20261201070200_quote_inbox_functions.sql; the rules migration replaces them, so that file is
// history. `create or replace` keeps a function's owner, grants and comment, but cannot change its
// parameters: a function given a new one drops its earlier signatures first, and is granted again.
// adapters/supabase/inbox-sql.test.ts and the inbox contract suite check them against
// domain/inbox-query.ts on a real PostgreSQL.
import { allView, inboxPageMax, type ServiceAreaFilter, serviceAreaFilters, spamView } from '../../domain/inbox/inbox-query';
import { namedFieldList } from '../../domain/quote/quote';
import { waitingStatus } from '../../domain/inbox/quote-status';
import { inSpamFolderSql } from './spam-functions-sql';
import { identifier, literal, literalList, whole } from './sql-text';

/** The most rows inbox_page returns: the largest page and one more, which tells that another follows. */
const rowLimitMax = inboxPageMax + 1;

/** What public.quote_in_service_area must answer for a request to pass each area filter. */
const inServiceAreaFor = { inside: true, outside: false } as const satisfies Record<ServiceAreaFilter, boolean>;

/** The signatures the inbox's searches have today, and had before (dropped: a new parameter makes a new function). */
const signatures = {
  matching: 'inbox_matching(text, jsonb, text, boolean, text, timestamptz, timestamptz)',
  page: 'inbox_page(text, timestamptz, integer, jsonb, text, boolean, text, timestamptz, timestamptz, boolean, timestamptz, timestamptz, uuid)',
  earlier: [
    'inbox_page(text, timestamptz, integer, jsonb, text, boolean, timestamptz, timestamptz, boolean, timestamptz, timestamptz, uuid)',
    'inbox_matching(text, jsonb, text, boolean, timestamptz, timestamptz)',
  ],
};

/** Every column of a request the inbox shows, as inbox_quote_json writes it: the fields come from domain/quote.ts. */
const quoteJsonColumns = ['id', 'created_at', ...namedFieldList.map(identifier), 'status', 'responded_at', 'business_email_sent_at', 'business_email_error'];

/** inbox_quote_json, inbox_matching, inbox_page, change_quote_status and clock_records, with the domain's values. */
export function inboxFunctionsSql(): string {
  return `
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
${quoteJsonColumns.map((column) => `    ${literal(column)}, request.${column},`).join('\n')}
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
${signatures.earlier.map((signature) => `
drop function if exists public.${signature};`).join('')}

-- The requests a query matches, as domain/inbox-query.ts matchesQuery says: those in the Spam folder
-- for the view ${literal(spamView)} and only for it, the view's status (${literal(allView)} and ${literal(spamView)} for any), one service type, urgent or not, a postcode inside or outside the service area
-- (public.quote_in_service_area: a request without one is neither), received from (inclusive) until
-- (exclusive), and every word found in search_text. The words come lower-cased by JavaScript (domain searchWords) and are
-- compared case-sensitively with strpos, so no character of theirs is a wildcard.
-- No \`set search_path\` (every name is qualified): a function with one cannot be inlined into the
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
   where ${inSpamFolderSql('q')} = (inbox_matching.view = ${literal(spamView)})
     and (inbox_matching.view in (${literal(allView)}, ${literal(spamView)}) or q.status = inbox_matching.view)
     and (inbox_matching.service_type is null or q.service_type = inbox_matching.service_type)
     and (inbox_matching.urgent is null or q.urgent = inbox_matching.urgent)
     and (inbox_matching.area is null or public.quote_in_service_area(q.postcode) = case inbox_matching.area
${serviceAreaFilters.map((area) => `           when ${literal(area)} then ${String(inServiceAreaFor[area])}`).join('\n')}
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
--   ${waitingStatus} (waiting): urgent requests overdue at as_of first, then by due_at, then by id;
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
  if inbox_page.row_limit is null or inbox_page.row_limit not between 1 and ${whole(rowLimitMax)} then
    raise exception 'row_limit must be between 1 and ${whole(rowLimitMax)}, not %', inbox_page.row_limit using errcode = '22023';
  end if;
  if pg_catalog.jsonb_typeof(inbox_page.words) is distinct from 'array' then
    raise exception 'words must be an array of strings' using errcode = '22023';
  end if;
  if inbox_page.area not in ${literalList(serviceAreaFilters)} then
    raise exception 'area must be one of ${serviceAreaFilters.map(identifier).join(', ')}, or null, not %', inbox_page.area using errcode = '22023';
  end if;

  select count(*) into total
    from public.inbox_matching(inbox_page.view, inbox_page.words, inbox_page.service_type, inbox_page.urgent, inbox_page.area,
                               inbox_page.received_from, inbox_page.received_to);

  if inbox_page.view = ${literal(waitingStatus)} then
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
         responded_at = case when change_quote_status.from_status = ${literal(waitingStatus)} then now() else q.responded_at end,
         -- Leaving the Waiting view takes the request on, for whoever moved it, unless someone had.
         taken_by = case when change_quote_status.from_status = ${literal(waitingStatus)} and q.taken_by is null then caller else q.taken_by end,
         taken_at = case when change_quote_status.from_status = ${literal(waitingStatus)} and q.taken_by is null then now() else q.taken_at end
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
-- after \`since\`, and every request still waiting however old; never one in the Spam folder. One JSON array rather than rows, so
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
       where q.created_at >= clock_records.since and not ${inSpamFolderSql('q')}
      union all
      select q.created_at, q.urgent, q.responded_at from public.quote_requests q
       where q.status = ${literal(waitingStatus)} and q.created_at < clock_records.since and not ${inSpamFolderSql('q')}
    ) r
$$;

-- Functions are executable by PUBLIC, and Supabase grants new ones to anon and authenticated too.
-- Only signed-in users may search; row-level security decides what they find.
${[signatures.matching, signatures.page]
  .map(
    (signature) => `revoke execute on function public.${signature} from public, anon, authenticated, service_role;
grant execute on function public.${signature} to authenticated;`,
  )
  .join('\n')}
`;
}
