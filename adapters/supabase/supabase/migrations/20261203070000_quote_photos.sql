-- Photos of the job, sent with a quote request (docs/decisions/017-photos-in-supabase.md).
--
-- The files live in Supabase Storage, in the private bucket quote-photos, as
--   <request id>/<photo id>.jpg         the photo, long side at most 2048 px
--   <request id>/<photo id>.thumb.jpg   its thumbnail, long side at most 320 px
-- both JPEGs the visitor's browser re-encoded from the chosen photo (upright, every piece of metadata
-- gone: GPS, camera, time) before anything was sent. What they are of is kept in public.quote_photos,
-- one row per photo, deleted with its request. The rules that use the domain's values (the bucket's
-- size limit, how many photos, the policies, public.send_quote_request) are in the rules migration.
--
-- Who may do what:
--   anyone (anon, authenticated)  upload into the folder of a request not yet stored, then store the
--                                 request with its photo rows in one call (send_quote_request)
--   staff (public.is_staff())     read the rows and the files (signed links), delete the files
--   nobody                        list, read or overwrite files as a visitor; update a photo row
-- Files whose request is gone or never came are removed by the purge-photos edge function, through
-- the Storage API, on a schedule (20261203070100_purge_photos_schedule.sql).

-- Private: no public URL reads it; staff get short-lived signed links.
insert into storage.buckets (id, name, public, allowed_mime_types)
values ('quote-photos', 'quote-photos', false, array['image/jpeg'])
on conflict (id) do update set public = false, allowed_mime_types = excluded.allowed_mime_types;

create table public.quote_photos (
  id uuid primary key,
  quote_id uuid not null references public.quote_requests (id) on delete cascade,
  -- The order the visitor chose them in, from 0.
  position smallint not null check (position >= 0),
  width integer not null check (width >= 1),
  height integer not null check (height >= 1),
  thumbnail_width integer not null check (thumbnail_width >= 1),
  thumbnail_height integer not null check (thumbnail_height >= 1),
  created_at timestamptz not null default now(),
  unique (quote_id, position)
);

comment on table public.quote_photos is
  'The photos sent with a request: their files are quote-photos/<quote_id>/<id>.jpg and .thumb.jpg in Storage.';

alter table public.quote_photos enable row level security;

-- Supabase grants every new table to anon and authenticated: take it back, then give what is needed.
revoke all on table public.quote_photos from anon, authenticated, service_role;
-- Visitors insert the rows through send_quote_request (security invoker, so the policies below hold).
grant insert (id, quote_id, position, width, height, thumbnail_width, thumbnail_height)
  on table public.quote_photos to anon, authenticated;
grant select on table public.quote_photos to authenticated;
-- The purge lists orphaned folders with the service role.
grant select on table public.quote_photos to service_role;

create policy "staff read quote photos"
  on public.quote_photos for select
  to authenticated
  using ((select public.is_staff()));

create index quote_photos_quote on public.quote_photos (quote_id, position);
