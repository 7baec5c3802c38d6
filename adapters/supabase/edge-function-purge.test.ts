import { afterAll, beforeAll, expect, test } from 'vitest';
import { firstStartMs, type RunningFunction, runDeno, startFunction } from './edge-function.test-support';
import { photoBucket, photoUploadMinutes } from './photo-functions-sql';
import { projectClaims } from './postgrest-on-scratch-database.test-support';
import { startPostgrestServer } from './postgrest-http-server.test-support';
import { fakeStorage, storageHandlers } from './storage-on-scratch-database.test-support';
import { type SupabaseScratchDatabase, supabaseScratchDatabase } from './supabase-scratch-database.test-support';

/**
 * The purge-photos function under Deno, as Supabase runs it, against the project's database (a
 * PostgREST on loopback running our migrations on PostgreSQL) and its Storage API (the stand-in on
 * the same database, keeping the files' bytes in memory): it removes every file of a request that is
 * gone or never came, and nothing else.
 */

const anonKey = 'purge-test-anon-key';
const serviceKey = 'purge-test-service-key';
const storage = fakeStorage();

let running: { edge: RunningFunction; database: SupabaseScratchDatabase; stop: () => Promise<void> } | undefined;

beforeAll(async () => {
  const database = await supabaseScratchDatabase();
  const claimsOf = projectClaims({ anonKey, serviceKey });
  const project = await startPostgrestServer(database, claimsOf, (origin) => storageHandlers(origin, database, claimsOf, storage));
  const edge = await startFunction({ SUPABASE_URL: project.url, SUPABASE_ANON_KEY: anonKey, SUPABASE_SERVICE_ROLE_KEY: serviceKey }, 'purge-photos');
  running = {
    edge,
    database,
    stop: async () => {
      await edge.stop();
      await project.stop();
      await database.drop();
    },
  };
}, firstStartMs + 30_000);

afterAll(async () => {
  await running?.stop();
});

function setUp() {
  if (running === undefined) throw new Error('the function did not start');
  return running;
}

/** A folder of `photos` photos (a file and a thumbnail each), as Storage holds it, `minutesAgo` old. */
async function folder(database: SupabaseScratchDatabase, quoteId: string, photos: number, minutesAgo: number): Promise<void> {
  for (let n = 0; n < photos; n += 1) {
    const photoId = crypto.randomUUID();
    for (const name of [`${quoteId}/${photoId}.jpg`, `${quoteId}/${photoId}.thumb.jpg`]) {
      await database.owner.query(
        `insert into storage.objects (bucket_id, name, created_at) values ($1, $2, now() - make_interval(mins => $3))`,
        [photoBucket, name, minutesAgo],
      );
      storage.files.set(`${photoBucket}/${name}`, new TextEncoder().encode(`jpeg ${name}`));
    }
  }
}

async function storeRequest(database: SupabaseScratchDatabase): Promise<string> {
  const { rows } = await database.owner.query<{ id: string }>(
    `insert into public.quote_requests (name, phone, service_type) values ('Ada', '020 7946 0123', 'other') returning id`,
  );
  return rows[0]?.id ?? '';
}

test('deno check passes on the purge function, with the domain code it imports', async () => {
  const child = runDeno(['check', 'index.ts'], {}, 'purge-photos');
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, output).toBe(0);
}, firstStartMs);

test('only the project itself may purge: without the service role key nothing is removed', async () => {
  const { edge, database } = setUp();
  const gone = crypto.randomUUID();
  await folder(database, gone, 1, photoUploadMinutes + 5);
  for (const authorization of [`Bearer ${anonKey}`, '']) {
    const response = await fetch(`${edge.url}/`, { method: 'POST', headers: authorization === '' ? {} : { authorization } });
    expect(response.status).toBe(401);
  }
  expect((await fetch(`${edge.url}/`, { headers: { authorization: `Bearer ${serviceKey}` } })).status).toBe(405);
  const { rows } = await database.owner.query('select name from storage.objects where name like $1', [`${gone}/%`]);
  expect(rows).toHaveLength(2);
  await database.owner.query('delete from storage.objects');
  storage.files.clear();
});

test('the purge removes every file of requests that are gone or never came, through Storage, and leaves the rest', async () => {
  const { edge, database } = setUp();
  const kept = await storeRequest(database);
  const deleted = await storeRequest(database);
  await folder(database, kept, 2, photoUploadMinutes + 5);
  await folder(database, deleted, 5, photoUploadMinutes + 5);
  await database.owner.query('delete from public.quote_requests where id = $1', [deleted]);
  const neverSent = crypto.randomUUID();
  await folder(database, neverSent, 1, photoUploadMinutes + 5);
  const stillSending = crypto.randomUUID();
  await folder(database, stillSending, 1, 1);

  const response = await fetch(`${edge.url}/`, { method: 'POST', headers: { authorization: `Bearer ${serviceKey}` } });
  expect(await response.json()).toEqual({ folders: 2, files: 12 });
  expect(response.status).toBe(200);
  await edge.logged(/purge-photos: removed 2 folders, 12 files/);

  const { rows } = await database.owner.query<{ folder: string; files: number }>(
    `select split_part(name, '/', 1) as folder, count(*)::integer as files from storage.objects group by 1 order by 1`,
  );
  expect(rows).toEqual([{ folder: kept, files: 4 }, { folder: stillSending, files: 2 }].sort((a, b) => a.folder.localeCompare(b.folder)));
  const left = new Set([...storage.files.keys()].map((key) => key.split('/')[1]));
  expect(left).toEqual(new Set([kept, stillSending]));

  // Run again: nothing more to do.
  const again = await fetch(`${edge.url}/`, { method: 'POST', headers: { authorization: `Bearer ${serviceKey}` } });
  expect(await again.json()).toEqual({ folders: 0, files: 0 });
});

test('when Storage fails the purge says so and removes nothing it could not; the next run finishes it', async () => {
  const { edge, database } = setUp();
  const gone = crypto.randomUUID();
  await folder(database, gone, 1, photoUploadMinutes + 5);
  storage.down = true;
  const failed = await fetch(`${edge.url}/`, { method: 'POST', headers: { authorization: `Bearer ${serviceKey}` } });
  expect(failed.status).toBe(502);
  expect(await failed.json()).toMatchObject({ error: expect.stringMatching(/^Listing quote-photos\/[0-9a-f-]{36} failed: Storage answered 503/) as unknown, folders: 0, files: 0 });
  storage.down = false;
  const done = await fetch(`${edge.url}/`, { method: 'POST', headers: { authorization: `Bearer ${serviceKey}` } });
  expect(await done.json()).toEqual({ folders: 1, files: 2 });
});
