/**
 * Test-only: Supabase Storage's HTTP interface (/storage/v1), the part this project uses, over a
 * scratch database: as Storage's API does, each call reads or writes the rows of storage.objects as
 * the caller's role with its JWT claims, so our migrations' policies decide, not a model of them. The
 * files' bytes are kept in `files` (by bucket/name), as Storage keeps them outside the database.
 * Upload (POST, no upsert), signed links (create and follow), list and remove. Errors have Storage's
 * bodies ({ statusCode, error, message }). Only tests import it.
 */
import { http, type HttpHandler, HttpResponse } from 'msw';
import { type Client, DatabaseError } from 'pg';
import type { ClaimsOf } from './postgrest-on-scratch-database.test-support';
import type { SupabaseScratchDatabase } from './supabase-scratch-database.test-support';

export interface FakeStorage {
  /** The files' bytes, by `<bucket>/<name>`. */
  files: Map<string, Uint8Array>;
  /** Signed links given out: token → the file and when the link dies (ms since the epoch). */
  signed: Map<string, { key: string; expiresAt: number }>;
  /** Makes every call answer 503 while true. */
  down: boolean;
}

export const fakeStorage = (): FakeStorage => ({ files: new Map(), signed: new Map(), down: false });

const storageError = (status: number, error: string, message: string) => HttpResponse.json({ statusCode: String(status), error, message }, { status });

const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {};

/** Storage's handlers for the project at `url`. */
export function storageHandlers(url: string, database: SupabaseScratchDatabase, claimsOf: ClaimsOf, storage: FakeStorage): HttpHandler[] {
  const at = (path: string) => `${url}/storage/v1${path}`;
  /** The bucket and the object's name from a path after /object/ (or /object/sign/). */
  const split = (rest: string) => {
    const [bucket = '', ...name] = decodeURIComponent(rest).split('/');
    return { bucket, name: name.join('/') };
  };
  const asCaller = async (request: Request, work: (db: Client) => Promise<Response>): Promise<Response> => {
    if (storage.down) return storageError(503, 'Service Unavailable', 'Storage is down');
    const claims = claimsOf(request);
    if (claims instanceof Response) return storageError(400, 'Unauthorized', 'invalid JWT');
    try {
      return await database.request(claims, work);
    } catch (error) {
      if (!(error instanceof DatabaseError)) throw error;
      if (error.code === '42501') return storageError(403, 'Unauthorized', 'new row violates row-level security policy');
      if (error.code === '23505') return storageError(409, 'Duplicate', 'The resource already exists');
      return storageError(500, 'Internal', error.message);
    }
  };

  return [
    http.post(at('/object/sign/*'), async ({ request, params }) => {
      const { bucket, name } = split(String(params[0]));
      const expiresIn = Number(recordOf(await request.json()).expiresIn);
      return asCaller(request, async (db) => {
        const { rows } = await db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name]);
        if (rows.length === 0) return storageError(400, 'not_found', 'Object not found');
        const token = crypto.randomUUID();
        storage.signed.set(token, { key: `${bucket}/${name}`, expiresAt: Date.now() + expiresIn * 1000 });
        return HttpResponse.json({ signedURL: `/object/sign/${bucket}/${name}?token=${token}` });
      });
    }),

    http.get(at('/object/sign/*'), ({ request }) => {
      const link = storage.signed.get(new URL(request.url).searchParams.get('token') ?? '');
      const body = link && storage.files.get(link.key);
      if (link === undefined || link.expiresAt <= Date.now()) return storageError(400, 'InvalidJWT', 'jwt expired');
      if (body === undefined) return storageError(400, 'not_found', 'Object not found');
      return new HttpResponse(body.slice().buffer, { headers: { 'content-type': 'image/jpeg' } });
    }),

    http.post(at('/object/list/*'), async ({ request, params }) => {
      const bucket = String(params[0]);
      const body = recordOf(await request.json());
      const prefix = (typeof body.prefix === 'string' ? body.prefix : '').replace(/\/$/, '');
      const limit = Number(body.limit ?? 100);
      return asCaller(request, async (db) => {
        const { rows } = await db.query<{ name: string; id: string }>(
          `select substr(name, length($2) + 2) as name, id from storage.objects
            where bucket_id = $1 and name like $2 || '/%' order by name limit $3`,
          [bucket, prefix, limit],
        );
        return HttpResponse.json(rows.map(({ name, id }) => ({ name, id, metadata: { mimetype: 'image/jpeg' } })));
      });
    }),

    http.delete(at('/object/:bucket'), async ({ request, params }) => {
      const bucket = String(params.bucket);
      const prefixes = recordOf(await request.json()).prefixes;
      const names = Array.isArray(prefixes) ? prefixes.map(String) : [];
      return asCaller(request, async (db) => {
        const { rows } = await db.query<{ name: string }>('delete from storage.objects where bucket_id = $1 and name = any($2) returning name', [bucket, names]);
        for (const { name } of rows) storage.files.delete(`${bucket}/${name}`);
        return HttpResponse.json(rows.map(({ name }) => ({ name, bucket_id: bucket })));
      });
    }),

    http.post(at('/object/*'), async ({ request, params }) => {
      const { bucket, name } = split(String(params[0]));
      if (request.headers.get('x-upsert') === 'true') return storageError(403, 'Unauthorized', 'upsert needs update rights');
      const body = new Uint8Array(await request.arrayBuffer());
      const type = request.headers.get('content-type') ?? '';
      const { rows } = await database.owner.query<{ file_size_limit: string | null; allowed_mime_types: string[] | null }>(
        'select file_size_limit, allowed_mime_types from storage.buckets where id = $1',
        [bucket],
      );
      const limits = rows[0];
      if (limits === undefined) return storageError(404, 'Bucket not found', 'Bucket not found');
      if (limits.allowed_mime_types !== null && !limits.allowed_mime_types.includes(type)) {
        return storageError(415, 'invalid_mime_type', `mime type ${type} is not supported`);
      }
      if (limits.file_size_limit !== null && body.byteLength > Number(limits.file_size_limit)) {
        return storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
      }
      return asCaller(request, async (db) => {
        // No RETURNING: that would need a SELECT policy too, and an upload needs only INSERT.
        const id = crypto.randomUUID();
        await db.query('insert into storage.objects (id, bucket_id, name, metadata) values ($1, $2, $3, $4)', [
          id,
          bucket,
          name,
          { mimetype: type, size: body.byteLength },
        ]);
        storage.files.set(`${bucket}/${name}`, body);
        return HttpResponse.json({ Id: id, Key: `${bucket}/${name}` });
      });
    }),
  ];
}
