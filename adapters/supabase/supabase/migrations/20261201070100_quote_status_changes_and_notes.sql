-- What staff do with a request: each change of its status (who, when) and the notes they keep on it.
-- Both are staff-only, like the requests themselves, and both are records: nobody updates or deletes
-- a row (it goes only with its request, by the foreign key's cascade).

-- The moves staff may make, as domain/quote-status.ts nextStatuses lists them (the test
-- adapters/supabase/inbox-sql.test.ts compares every pair): forward through the work, a won job may
-- still be lost, and a lost customer may come back; nothing goes back to 'new'.
create function public.quote_status_move_allowed(from_status text, to_status text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select (from_status, to_status) in (
    ('new', 'contacted'),
    ('contacted', 'quoted'), ('contacted', 'won'), ('contacted', 'lost'),
    ('quoted', 'won'), ('quoted', 'lost'),
    ('won', 'lost'),
    ('lost', 'contacted')
  )
$$;

comment on function public.quote_status_move_allowed(text, text) is
  'Whether staff may move a quote request from one status to the other (domain/quote-status.ts nextStatuses).';

create table public.quote_status_changes (
  -- In the order they were made: the history reads oldest first.
  id bigint generated always as identity primary key,
  quote_id uuid not null references public.quote_requests (id) on delete cascade,
  from_status text not null,
  to_status text not null,
  -- The staff member's email, from their JWT; stamped by public.change_quote_status.
  changed_by text not null,
  changed_at timestamptz not null default now(),

  -- Even the owner cannot record a move the rules do not allow.
  constraint quote_status_changes_move check (public.quote_status_move_allowed(from_status, to_status)),
  constraint quote_status_changes_changed_by_length check (char_length(changed_by) between 1 and 254)
);

comment on table public.quote_status_changes is
  'Every change of a quote request''s status. Written only by public.change_quote_status; staff read it.';

create index quote_status_changes_by_quote on public.quote_status_changes (quote_id, id);

create table public.quote_notes (
  id uuid primary key default gen_random_uuid(),
  quote_id uuid not null references public.quote_requests (id) on delete cascade,
  -- domain/inbox-quote.ts NoteTextSchema: trimmed, 1 to 2,000 characters, plain text with lines.
  text text not null,
  -- Who and when come from the request itself, never from what the client sends: the JWT's email
  -- and the database's clock. Nobody has a privilege on these two columns (see the grants below).
  written_by text not null default (auth.jwt() ->> 'email'),
  written_at timestamptz not null default now(),

  constraint quote_notes_text_length check (char_length(text) between 1 and 2000),
  constraint quote_notes_text_plain check (text !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'),
  constraint quote_notes_written_by_length check (char_length(written_by) between 1 and 254)
);

comment on table public.quote_notes is
  'Notes staff keep on a quote request. Staff read and add them (as themselves, now); nobody edits one.';

create index quote_notes_by_quote on public.quote_notes (quote_id, written_at desc, id desc);

-- Row-level security from creation, and none of Supabase's default privileges.
alter table public.quote_status_changes enable row level security;
alter table public.quote_notes enable row level security;
revoke all on table public.quote_status_changes from anon, authenticated, service_role;
revoke all on table public.quote_notes from anon, authenticated, service_role;

-- History: staff read it. It is written by public.change_quote_status (security definer, as the
-- owner) in the same transaction as the status, so there is no insert grant at all.
grant select on table public.quote_status_changes to authenticated, service_role;
create policy "staff read status changes"
  on public.quote_status_changes for select
  to authenticated
  using ((select public.is_staff()));

-- Notes: staff read them and add them. The insert grant names the two columns a client may send;
-- written_by and written_at take their defaults, and the policy checks written_by all the same.
grant select on table public.quote_notes to authenticated, service_role;
grant insert (quote_id, text) on table public.quote_notes to authenticated;
create policy "staff read notes"
  on public.quote_notes for select
  to authenticated
  using ((select public.is_staff()));
create policy "staff add notes as themselves"
  on public.quote_notes for insert
  to authenticated
  with check ((select public.is_staff()) and written_by = ((select auth.jwt()) ->> 'email'));

-- No update or delete grant or policy on either table: nobody rewrites what happened.

revoke execute on function public.quote_status_move_allowed(text, text) from public, anon, authenticated, service_role;
grant execute on function public.quote_status_move_allowed(text, text) to authenticated, service_role;
