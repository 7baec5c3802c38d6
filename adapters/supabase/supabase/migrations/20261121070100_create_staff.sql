-- Who is staff: the signed-in users who may read and delete quote requests. Being signed in is not
-- enough, as anyone could hold an account if sign-ups were ever opened; a row here is. Rows are added
-- by the project's owner (dashboard SQL editor, or the service role), never through the public API.

create table public.staff (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

comment on table public.staff is
  'Users allowed to read and delete quote requests. Managed by the owner; a member may read their own row.';

alter table public.staff enable row level security;

-- Supabase grants every new table in public to anon, authenticated and service_role by default;
-- take it all back and grant only what is needed.
revoke all on table public.staff from anon, authenticated, service_role;

-- A staff member may read their own row, so the client can tell it is signed in as staff. Nobody
-- can read the list of other staff, and nobody can add themselves (there is no insert grant).
grant select on table public.staff to authenticated;
create policy "staff read their own row"
  on public.staff for select
  to authenticated
  using (user_id = (select auth.uid()));

-- Server-side tools (edge functions or scripts with the service key) may manage the list; changing
-- a user_id is a delete and an insert, so there is no update.
grant select, insert, delete on table public.staff to service_role;

-- Whether the user making the request is staff, for the policies on quote_requests.
-- security definer: it runs as its owner, who owns public.staff and so is not subject to its
-- row-level security, so it answers without granting anyone read access to the list.
-- search_path = '': a security definer function must not resolve names through a path the caller
-- could put objects on; every name below is schema-qualified.
-- stable: the answer cannot change within a statement, so PostgreSQL may evaluate it once.
create function public.is_staff()
  returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (select 1 from public.staff where user_id = (select auth.uid()))
$$;

comment on function public.is_staff() is 'Whether auth.uid() is listed in public.staff.';

-- Functions are executable by PUBLIC, and Supabase also grants new ones to anon and authenticated.
-- Only signed-in users (their policies, or a client asking via /rest/v1/rpc/is_staff) need it.
revoke execute on function public.is_staff() from public, anon, authenticated, service_role;
grant execute on function public.is_staff() to authenticated, service_role;
