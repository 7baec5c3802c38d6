// The photos' rules on a Supabase project, with the domain's values put in (domain/photos.ts): the
// bucket's size limit, how many photos a request has and how large they are, who may upload into
// which folder, and the call that stores a request with its photos in one transaction. The table and
// the bucket come from 20261203070000_quote_photos.sql; docs/decisions/018-photos-in-supabase.md says
// why it works this way. adapters/supabase/photos-row-level-security.test.ts checks it on a real PostgreSQL.
import { photoLimits } from '../../domain/photos/photos';
import { namedFieldList } from '../../domain/quote/quote';
import { identifier, literal, whole } from './sql-text';

/** The private bucket the photos are kept in. */
export const photoBucket = 'quote-photos';

/**
 * How long after its folder's first file a request may be stored with its photos, and after its
 * newest file a folder whose request never came is left before the purge removes it.
 */
export const photoUploadMinutes = 30;

/** A UUID as the browser's crypto.randomUUID writes it. */
const uuidPattern = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The request's columns a visitor sends: its id, the form's fields (see 20261121070200_quote_requests_access.sql),
 * and how it arrived: the hidden field's state and the hash of the customer's token (20261204070000_spam_folder_and_customer_link.sql).
 */
const requestColumns = ['id', ...namedFieldList.map(identifier), 'honeypot_filled', 'customer_token_hash'];

/** Each column as read from the request's JSON: a request that says nothing of the hidden field did not fill it. */
const requestValue = (column: string) => (column === 'honeypot_filled' ? 'coalesce(r.honeypot_filled, false)' : `r.${column}`);

/** The size limit, checks, functions and policies of the photos, replacing those of the rules migration before. */
export function photoFunctionsSql(): string {
  const bucket = literal(photoBucket);
  return `
-- The bucket takes only JPEGs of at most the size a visitor may send (the browser's re-encoded
-- photos are far smaller); Storage refuses anything else before it is written.
update storage.buckets
   set file_size_limit = ${whole(photoLimits.maxBytes)}, allowed_mime_types = array['image/jpeg']
 where id = ${bucket};

alter table public.quote_photos
  drop constraint if exists quote_photos_position_limit,
  drop constraint if exists quote_photos_size_limit,
  drop constraint if exists quote_photos_thumbnail_size_limit;
alter table public.quote_photos
  add constraint quote_photos_position_limit check (position < ${whole(photoLimits.maxCount)}),
  add constraint quote_photos_size_limit check (width <= ${whole(photoLimits.maxLongSide)} and height <= ${whole(photoLimits.maxLongSide)}),
  add constraint quote_photos_thumbnail_size_limit
    check (thumbnail_width <= ${whole(photoLimits.thumbnailLongSide)} and thumbnail_height <= ${whole(photoLimits.thumbnailLongSide)});

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
     or quote_photo_upload_allowed.object_name !~ '^${uuidPattern}/${uuidPattern}(\\.thumb)?\\.jpg$' then
    return false;
  end if;
  if exists (select 1 from public.quote_requests q where q.id = folder::uuid) then
    return false;
  end if;
  return (select count(*) from storage.objects o
           where o.bucket_id = ${bucket} and o.name like folder || '/%') < ${whole(2 * photoLimits.maxCount)};
end;
$$;

-- Whether a photo row may be stored: its request was stored in this transaction or the last
-- ${whole(photoUploadMinutes)} minutes, has fewer than ${whole(photoLimits.maxCount)} photos, and both of the photo's files are in its folder.
create or replace function public.quote_photo_may_be_added(quote_id uuid, photo_id uuid)
  returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (select 1 from public.quote_requests q
                  where q.id = quote_photo_may_be_added.quote_id
                    and q.created_at > pg_catalog.now() - pg_catalog.make_interval(mins => ${whole(photoUploadMinutes)}))
     and (select count(*) from public.quote_photos p where p.quote_id = quote_photo_may_be_added.quote_id) < ${whole(photoLimits.maxCount)}
     and (select count(*) from storage.objects o
           where o.bucket_id = ${bucket}
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
  with check (bucket_id = ${bucket} and public.quote_photo_upload_allowed(name));
drop policy if exists "staff read quote photos" on storage.objects;
create policy "staff read quote photos"
  on storage.objects for select
  to authenticated
  using (bucket_id = ${bucket} and (select public.is_staff()));
drop policy if exists "staff delete quote photos" on storage.objects;
create policy "staff delete quote photos"
  on storage.objects for delete
  to authenticated
  using (bucket_id = ${bucket} and (select public.is_staff()));

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
  if pg_catalog.jsonb_array_length(send_quote_request.photos) > ${whole(photoLimits.maxCount)} then
    raise exception 'a request has at most ${whole(photoLimits.maxCount)} photos, not %', pg_catalog.jsonb_array_length(send_quote_request.photos)
      using errcode = '22023';
  end if;
  insert into public.quote_requests (${requestColumns.join(', ')})
  select ${requestColumns.map(requestValue).join(', ')}
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
-- ${whole(photoUploadMinutes)} minutes old (a visitor may still be sending). One JSON array of their names rather than
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
       where o.bucket_id = ${bucket}
         and not exists (select 1 from public.quote_requests q where q.id::text = pg_catalog.split_part(o.name, '/', 1))
       group by 1
      having pg_catalog.max(o.created_at) < pg_catalog.now() - pg_catalog.make_interval(mins => ${whole(photoUploadMinutes)})
    ) f
$$;

revoke execute on function public.orphaned_photo_folders() from public, anon, authenticated, service_role;
grant execute on function public.orphaned_photo_folders() to service_role;
`;
}
