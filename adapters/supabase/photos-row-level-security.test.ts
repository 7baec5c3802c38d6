// The photos' table, bucket and policies (20261203070000_quote_photos.sql and the rules migration's
// photo-functions-sql.ts) on a real PostgreSQL with every migration, each call made as Storage's API
// and PostgREST make it: as anon, or as a signed-in user with the JWT's claims. The storage schema is
// the test support's stand-in for Supabase's (its tables, row-level security on, storage.foldername).
import type { Client } from 'pg';
import { expect, test } from 'vitest';
import { photoLimits } from '../../domain/photos/photos';
import { photoBucket, photoUploadMinutes } from './photo-functions-sql';
import { type Claims, withSupabaseUsers } from './supabase-scratch-database.test-support';

const visitor: Claims = { role: 'anon' };
const serviceRole: Claims = { role: 'service_role' };

const withSupabase = withSupabaseUsers({
  sam: { email: 'sam@se1plumbing.example', staff: true },
  stranger: { email: 'stranger@example.co.uk', staff: false },
});

/** What Storage's API runs for an upload without upsert: an INSERT into storage.objects as the caller. */
const upload = (db: Client, name: string, bucket = photoBucket) =>
  db.query(`insert into storage.objects (bucket_id, name, metadata) values ($1, $2, '{"mimetype": "image/jpeg"}')`, [bucket, name]);

const request = (id: string) => ({ id, name: 'Ada Lovelace', email: 'ada@example.co.uk', phone: '020 7946 0123', service_type: 'emergency', description: 'Drip under the sink', urgent: false });

const photo = (id: string) => ({ id, width: 2048, height: 1536, thumbnail_width: 320, thumbnail_height: 240 });

const send = (db: Client, quoteId: string, photos: unknown[]) =>
  db.query('select public.send_quote_request($1::jsonb, $2::jsonb)', [JSON.stringify(request(quoteId)), JSON.stringify(photos)]);

/** Uploads a photo and its thumbnail as the visitor, as the browser does before it sends the request. */
async function uploadPhoto(call: SupabaseCall, quoteId: string): Promise<string> {
  const photoId = crypto.randomUUID();
  await call(visitor, async (db) => {
    await upload(db, `${quoteId}/${photoId}.jpg`);
    await upload(db, `${quoteId}/${photoId}.thumb.jpg`);
  });
  return photoId;
}

type SupabaseCall = <T>(claims: Claims, work: (db: Client) => Promise<T>) => Promise<T>;

const refusedByPolicy = { code: '42501', message: expect.stringMatching(/row-level security policy/) as unknown };

async function objectNames(owner: Client): Promise<string[]> {
  const { rows } = await owner.query<{ name: string }>('select name from storage.objects order by name');
  return rows.map(({ name }) => name);
}

async function count(owner: Client, table: string): Promise<number> {
  const { rows } = await owner.query<{ total: number }>(`select count(*)::integer as total from ${table}`);
  return rows[0]?.total ?? -1;
}

test('the bucket is private and takes only JPEGs up to the size a visitor may send', () =>
  withSupabase(async ({ owner }) => {
    const { rows } = await owner.query('select id, public, file_size_limit, allowed_mime_types from storage.buckets');
    expect(rows).toEqual([{ id: photoBucket, public: false, file_size_limit: String(photoLimits.maxBytes), allowed_mime_types: ['image/jpeg'] }]);
  }));

test('a visitor uploads photos into the folder of the request they are sending, then stores it with its photos in one call', () =>
  withSupabase(async ({ owner, request: call, sam, stranger }) => {
    const quoteId = crypto.randomUUID();
    const first = await uploadPhoto(call, quoteId);
    const second = await uploadPhoto(call, quoteId);
    await call(visitor, (db) => send(db, quoteId, [photo(second), photo(first)]));

    const { rows } = await owner.query('select id, quote_id, position from public.quote_photos order by position');
    expect(rows).toEqual([
      { id: second, quote_id: quoteId, position: 0 },
      { id: first, quote_id: quoteId, position: 1 },
    ]);
    // Staff read the rows and the files; the inbox gives each request its photos in the visitor's order.
    const staffSees = await call(sam, (db) => db.query<{ name: string }>('select name from storage.objects order by name'));
    expect(staffSees.rows).toHaveLength(4);
    const inbox = await call(sam, (db) =>
      db.query<{ page: { quotes: { photos: unknown[] }[] } }>(`select public.inbox_page('all', now(), 10) as page`),
    );
    expect(inbox.rows[0]?.page.quotes[0]?.photos).toEqual([photo(second), photo(first)]);

    // Nobody else reads or lists them: not the visitor, not a signed-in user who is not staff.
    expect((await call(visitor, (db) => db.query('select name from storage.objects'))).rows).toEqual([]);
    expect((await call(stranger, (db) => db.query('select name from storage.objects'))).rows).toEqual([]);
    expect((await call(stranger, (db) => db.query('select id from public.quote_photos'))).rows).toEqual([]);
    await expect(call(visitor, (db) => db.query('select id from public.quote_photos'))).rejects.toMatchObject({
      code: '42501',
      message: 'permission denied for table quote_photos',
    });
    // Nor delete or overwrite them.
    expect((await call(visitor, (db) => db.query('delete from storage.objects'))).rowCount).toBe(0);
    expect((await call(stranger, (db) => db.query('delete from storage.objects'))).rowCount).toBe(0);
    expect((await call(visitor, (db) => db.query(`update storage.objects set name = name || '.x'`))).rowCount).toBe(0);
    expect(await objectNames(owner)).toHaveLength(4);
  }));

test('a visitor may not upload into a stored request\'s folder, nor anything but a photo or thumbnail name, nor another bucket', () =>
  withSupabase(async ({ owner, request: call }) => {
    const quoteId = crypto.randomUUID();
    await call(visitor, (db) => send(db, quoteId, []));
    const photoId = crypto.randomUUID();
    await expect(call(visitor, (db) => upload(db, `${quoteId}/${photoId}.jpg`))).rejects.toMatchObject(refusedByPolicy);

    const fresh = crypto.randomUUID();
    await owner.query(`insert into storage.buckets (id, name) values ('other', 'other')`);
    for (const name of [
      `${fresh}/${photoId}.png`,
      `${fresh}/${photoId}.jpg.exe`,
      `${fresh}/nested/${photoId}.jpg`,
      `${fresh}/../${photoId}.jpg`,
      `${fresh.toUpperCase()}/${photoId}.jpg`,
      `${photoId}.jpg`,
      `not-a-uuid/${photoId}.jpg`,
    ]) {
      await expect(call(visitor, (db) => upload(db, name)), name).rejects.toMatchObject(refusedByPolicy);
    }
    await expect(call(visitor, (db) => upload(db, `${fresh}/${photoId}.jpg`, 'other'))).rejects.toMatchObject(refusedByPolicy);
    expect(await objectNames(owner)).toEqual([]);
  }));

test(`a folder takes at most ${String(2 * photoLimits.maxCount)} files, two for each photo a request may have`, () =>
  withSupabase(async ({ owner, request: call }) => {
    const quoteId = crypto.randomUUID();
    for (let n = 0; n < photoLimits.maxCount; n += 1) await uploadPhoto(call, quoteId);
    await expect(call(visitor, (db) => upload(db, `${quoteId}/${crypto.randomUUID()}.jpg`))).rejects.toMatchObject(refusedByPolicy);
    expect(await objectNames(owner)).toHaveLength(2 * photoLimits.maxCount);
  }));

test('a request is stored with its photos or not at all: files missing, too many photos, or too large a size store nothing', () =>
  withSupabase(async ({ owner, request: call }) => {
    const quoteId = crypto.randomUUID();
    const uploaded = await uploadPhoto(call, quoteId);
    const missing = crypto.randomUUID();
    await expect(call(visitor, (db) => send(db, quoteId, [photo(uploaded), photo(missing)]))).rejects.toMatchObject(refusedByPolicy);

    // Only the thumbnail of it came.
    const half = crypto.randomUUID();
    await call(visitor, (db) => upload(db, `${quoteId}/${half}.thumb.jpg`));
    await expect(call(visitor, (db) => send(db, quoteId, [photo(half)]))).rejects.toMatchObject(refusedByPolicy);

    const six = [uploaded, ...Array.from({ length: photoLimits.maxCount }, () => crypto.randomUUID())].map(photo);
    await expect(call(visitor, (db) => send(db, quoteId, six))).rejects.toMatchObject({ code: '22023', message: 'a request has at most 5 photos, not 6' });

    await expect(call(visitor, (db) => send(db, quoteId, [{ ...photo(uploaded), width: photoLimits.maxLongSide + 1 }]))).rejects.toMatchObject({
      code: '23514',
      constraint: 'quote_photos_size_limit',
    });
    await expect(call(visitor, (db) => send(db, quoteId, [{ ...photo(uploaded), thumbnail_height: photoLimits.thumbnailLongSide + 1 }]))).rejects.toMatchObject({
      code: '23514',
      constraint: 'quote_photos_thumbnail_size_limit',
    });
    expect(await count(owner, 'public.quote_requests')).toBe(0);
    expect(await count(owner, 'public.quote_photos')).toBe(0);
  }));

test('photos cannot be added to a request stored before, even with files uploaded for it beforehand', () =>
  withSupabase(async ({ owner, request: call }) => {
    const quoteId = crypto.randomUUID();
    const early = await uploadPhoto(call, quoteId);
    await call(visitor, (db) => send(db, quoteId, []));
    await owner.query(`update public.quote_requests set created_at = now() - make_interval(mins => $1)`, [photoUploadMinutes + 1]);
    await expect(
      call(visitor, (db) => db.query(`insert into public.quote_photos (id, quote_id, position, width, height, thumbnail_width, thumbnail_height) values ($1, $2, 0, 10, 10, 10, 10)`, [early, quoteId])),
    ).rejects.toMatchObject(refusedByPolicy);
    expect(await count(owner, 'public.quote_photos')).toBe(0);
  }));

test('deleting a request, erasing a customer\'s data and the retention purge take the photo rows; the folders left are the purge\'s to remove', () =>
  withSupabase(async ({ owner, request: call, sam }) => {
    const deleted = crypto.randomUUID();
    const erased = crypto.randomUUID();
    const expired = crypto.randomUUID();
    const kept = crypto.randomUUID();
    const neverSent = crypto.randomUUID();
    const stillSending = crypto.randomUUID();
    for (const quoteId of [deleted, erased, expired, kept]) {
      const photoId = await uploadPhoto(call, quoteId);
      await call(visitor, (db) =>
        db.query('select public.send_quote_request($1::jsonb, $2::jsonb)', [
          JSON.stringify({ ...request(quoteId), email: quoteId === erased ? 'erin@example.co.uk' : 'ada@example.co.uk' }),
          JSON.stringify([photo(photoId)]),
        ]),
      );
    }
    await uploadPhoto(call, neverSent);
    await uploadPhoto(call, stillSending);
    expect(await count(owner, 'public.quote_photos')).toBe(4);

    await call(sam, (db) => db.query('delete from public.quote_requests where id = $1', [deleted]));
    await call(sam, (db) => db.query(`select public.erase_customer_data('erin@example.co.uk', null)`));
    await owner.query(`update public.quote_requests set created_at = now() - interval '25 months' where id = $1`, [expired]);
    await owner.query('select public.purge_expired_quote_requests()');
    const { rows } = await owner.query<{ quote_id: string }>('select quote_id from public.quote_photos');
    expect(rows).toEqual([{ quote_id: kept }]);

    // Folders whose newest file is recent are left: a visitor may still be sending.
    const orphans = () => call(serviceRole, (db) => db.query<{ folders: string[] }>('select public.orphaned_photo_folders() as folders'));
    expect((await orphans()).rows).toEqual([{ folders: [] }]);
    await owner.query(`update storage.objects set created_at = now() - make_interval(mins => $1) where name not like $2`, [photoUploadMinutes + 1, `${stillSending}/%`]);
    expect((await orphans()).rows).toEqual([{ folders: [deleted, erased, expired, neverSent].sort() }]);
    for (const who of [visitor, sam]) {
      await expect(call(who, (db) => db.query('select public.orphaned_photo_folders()'))).rejects.toMatchObject({
        code: '42501',
        message: 'permission denied for function orphaned_photo_folders',
      });
    }
  }));
