-- The quote requests visitors send from the website (SPEC.md section 3).
--
-- The CHECK constraints mirror domain/quote-limits.ts and domain/service-type.ts exactly, as
-- adapters/sql/migrations/001-create-quote-requests.ts does for our own server, and carry the same
-- names. The browser validates too, but anyone holding the public anonymous key can POST to the REST
-- API directly, so the table is the last word. Migrations are frozen once pushed: when the domain's
-- limits change, add a migration that alters these constraints.
--
-- A required text is non-empty; an optional one is NULL rather than empty (a CHECK on NULL passes).
-- char_length counts characters (code points); the domain counts UTF-16 units, so it is never looser.

create table public.quote_requests (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null,
  email text,
  phone text not null,
  service_type text not null,
  description text,
  urgent boolean not null default false,

  constraint quote_requests_name_length check (char_length(name) between 1 and 100),
  constraint quote_requests_email_length check (char_length(email) between 1 and 254),
  constraint quote_requests_phone_length check (char_length(phone) between 1 and 30),
  constraint quote_requests_description_length check (char_length(description) between 1 and 2000),
  constraint quote_requests_service_type check (
    service_type in ('emergency', 'heating', 'bathroom', 'general', 'maintenance', 'other')
  )
);

comment on table public.quote_requests is
  'Quote requests from the website. Visitors may only insert; staff (public.staff) read and delete.';

-- The staff list reads every request newest first (SPEC.md section 7, call 3).
create index quote_requests_newest_first on public.quote_requests (created_at desc);

-- Row-level security from the moment the table exists, and none of the privileges Supabase grants
-- by default on new tables in public, so no state between migrations exposes it. The grants and
-- policies come in 20261121070200_quote_requests_access.sql, once public.is_staff() exists.
alter table public.quote_requests enable row level security;
revoke all on table public.quote_requests from anon, authenticated, service_role;
