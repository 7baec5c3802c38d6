// Photos in Supabase mode, at the HTTP boundary: the fake project's Storage and PostgREST run every
// call as its caller on a real PostgreSQL with our migrations, so the bucket's policies answer.
import { expect, test } from 'vitest';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import type { PhotoRef, ProcessedPhoto } from '../../domain/photos/photos';
import { type ChosenPhoto, type PhotoProcessor, PhotoRejected } from '../../domain/ports/photos';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { memberAccount, messageOf, mockSupabase, staffAccount } from './mock-supabase.test-support';
import { photoBucket, photoLinkSeconds, SupabasePhotoLinks, SupabasePhotoSender } from './supabase-photos';
import { SupabaseQuoteInbox } from './supabase-quote-inbox';
import { SupabaseQuoteRepository } from './supabase-quote-repository';

const { supabaseProject } = mockSupabase();

type Project = Awaited<ReturnType<typeof supabaseProject>>;

/** A photo as chosen on the visitor's device: its bytes stand for the original, GPS and all. */
const chosen = (name: string, text = `original ${name} with GPS 51.50,-0.09`): ChosenPhoto => {
  const bytes = new TextEncoder().encode(text);
  return { name, type: 'image/jpeg', size: bytes.byteLength, arrayBuffer: () => Promise.resolve(bytes.slice().buffer) };
};

/** Stands in for the browser's canvas: "re-encodes" each photo to bytes of its own, refusing names ending .heic. */
const processor: PhotoProcessor & { seen: string[] } = {
  seen: [],
  process(photo) {
    processor.seen.push(photo.name);
    if (photo.name.endsWith('.heic')) return Promise.resolve({ ok: false, error: { kind: 'cannot-decode', file: photo.name } });
    const processed: ProcessedPhoto = {
      contentType: 'image/jpeg',
      width: 2048,
      height: 1536,
      body: new TextEncoder().encode(`jpeg of ${photo.name}`),
      thumbnail: { width: 320, height: 240, body: new TextEncoder().encode(`thumbnail of ${photo.name}`) },
    };
    return Promise.resolve({ ok: true, photo: processed });
  },
};

const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : new TextDecoder().decode(bytes));

async function storedCounts(project: Project) {
  const { rows } = await project.state.database.owner.query<{ requests: number; photos: number; objects: number }>(
    `select (select count(*)::integer from public.quote_requests) as requests,
            (select count(*)::integer from public.quote_photos) as photos,
            (select count(*)::integer from storage.objects) as objects`,
  );
  return { ...rows[0], files: project.state.storage.files.size };
}

function staffClient(project: Project, email = staffAccount.email) {
  project.storeSession(email);
  const client = project.connect();
  return { inbox: new SupabaseQuoteInbox({ client }), quotes: new SupabaseQuoteRepository({ client }), links: new SupabasePhotoLinks({ client }) };
}

async function photosOf(project: Project, id: string): Promise<readonly PhotoRef[] | undefined> {
  const page = await staffClient(project).inbox.findPage({ query: { ...defaultInboxQuery, view: 'all' }, after: null, limit: 10, now: new Date() });
  return page.quotes.find((quote) => quote.id === id)?.photos;
}

test('a visitor sends a request with two photos: only the re-encoded files are uploaded, then the request and its photos are stored together', async () => {
  const project = await supabaseProject();
  const sender = new SupabasePhotoSender({ client: project.connect(), processor });
  const progress: number[] = [];
  const sent = await sender.send(sampleQuote(), [chosen('kitchen.jpg'), chosen('boiler.jpg')], (fraction) => progress.push(fraction));

  expect(progress).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  expect([...project.state.storage.files.values()].map(text).sort()).toEqual(
    ['jpeg of boiler.jpg', 'jpeg of kitchen.jpg', 'thumbnail of boiler.jpg', 'thumbnail of kitchen.jpg'],
  );
  // Nothing of the originals left the browser.
  expect(project.state.seen.some(({ body }) => body.includes('GPS'))).toBe(false);
  const uploads = project.state.seen.filter(({ path }) => path.startsWith(`/storage/v1/object/${photoBucket}/`));
  expect(uploads.map(({ path }) => path.split('/').at(-2))).toEqual([sent.id, sent.id, sent.id, sent.id]);
  expect(uploads.map(({ headers }) => headers.get('content-type'))).toEqual(Array(4).fill('image/jpeg'));
  expect(project.state.seen.at(-1)?.path).toBe('/rest/v1/rpc/send_quote_request');

  const photos = await photosOf(project, sent.id);
  expect(photos).toHaveLength(2);
  expect(photos?.map(({ width, height, thumbnailWidth, thumbnailHeight }) => [width, height, thumbnailWidth, thumbnailHeight])).toEqual([
    [2048, 1536, 320, 240],
    [2048, 1536, 320, 240],
  ]);

  // Staff open them through short-lived signed links.
  const { links } = staffClient(project);
  const [kitchen, boiler] = photos ?? [];
  if (kitchen === undefined || boiler === undefined) throw new Error('two photos expected');
  const full = await links.photoUrl(sent.id, kitchen, 'full');
  expect(new URL(full).pathname).toBe(`/storage/v1/object/sign/${photoBucket}/${sent.id}/${kitchen.id}.jpg`);
  expect(await (await fetch(full)).text()).toBe('jpeg of kitchen.jpg');
  expect(await (await fetch(await links.photoUrl(sent.id, boiler, 'thumbnail'))).text()).toBe('thumbnail of boiler.jpg');
  const signing = project.state.seen.filter(({ path }) => path.startsWith('/storage/v1/object/sign/') && path.endsWith('.jpg'));
  expect(signing.map(({ body }) => JSON.parse(body) as unknown)).toEqual([{ expiresIn: photoLinkSeconds }, { expiresIn: photoLinkSeconds }]);
});

test('a request without photos is stored by the same call, with an empty list of photos', async () => {
  const project = await supabaseProject();
  const sent = await new SupabasePhotoSender({ client: project.connect(), processor }).send(sampleQuote(), [], () => undefined);
  expect(await photosOf(project, sent.id)).toEqual([]);
  expect(await storedCounts(project)).toEqual({ requests: 1, photos: 0, objects: 0, files: 0 });
});

test('a refused photo stops the request before anything is sent; so do too many photos', async () => {
  const project = await supabaseProject();
  const sender = new SupabasePhotoSender({ client: project.connect(), processor });
  const refusal = await sender.send(sampleQuote(), [chosen('kitchen.jpg'), chosen('IMG_0042.heic')], () => undefined).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(PhotoRejected);
  expect((refusal as PhotoRejected).error).toEqual({ kind: 'cannot-decode', file: 'IMG_0042.heic' });

  const six = Array.from({ length: 6 }, (_, n) => chosen(`photo-${String(n)}.jpg`));
  const tooMany = await sender.send(sampleQuote(), six, () => undefined).catch((error: unknown) => error);
  expect((tooMany as PhotoRejected).error).toEqual({ kind: 'too-many', count: 6 });
  expect(project.state.seen).toEqual([]);
  expect(await storedCounts(project)).toEqual({ requests: 0, photos: 0, objects: 0, files: 0 });
});

test('when Storage fails, the request is not stored and the error says so', async () => {
  const project = await supabaseProject();
  project.state.storage.down = true;
  const sender = new SupabasePhotoSender({ client: project.connect(), processor });
  const failure = await sender.send(sampleQuote(), [chosen('kitchen.jpg')], () => undefined).catch(messageOf);
  expect(failure).toBe('Storing the photos failed: Supabase Storage answered: Storage is down');
  expect(await storedCounts(project)).toEqual({ requests: 0, photos: 0, objects: 0, files: 0 });
});

test('nobody but staff gets a link: not a visitor, not a signed-in user who is not staff', async () => {
  const project = await supabaseProject();
  const sent = await new SupabasePhotoSender({ client: project.connect(), processor }).send(sampleQuote(), [chosen('kitchen.jpg')], () => undefined);
  // Read as the owner: a staff session here would be shared by every client of the project's browser.
  const { rows } = await project.state.database.owner.query<{ id: string }>('select id from public.quote_photos');
  const photo: PhotoRef = { id: rows[0]?.id ?? '', width: 2048, height: 1536, thumbnailWidth: 320, thumbnailHeight: 240 };
  const asVisitor = new SupabasePhotoLinks({ client: project.connect() });
  expect(await asVisitor.photoUrl(sent.id, photo, 'full').catch(messageOf)).toBe('Showing the photo failed: Supabase Storage answered: Object not found');
  const asMember = staffClient(project, memberAccount.email).links;
  expect(await asMember.photoUrl(sent.id, photo, 'thumbnail').catch(messageOf)).toBe('Showing the photo failed: Supabase Storage answered: Object not found');
});

test('staff deleting a request leave no file or row of it behind; another request keeps its photos', async () => {
  const project = await supabaseProject();
  const sender = new SupabasePhotoSender({ client: project.connect(), processor });
  const gone = await sender.send(sampleQuote(), [chosen('kitchen.jpg'), chosen('boiler.jpg')], () => undefined);
  const kept = await sender.send(sampleQuote({ name: 'Kept' }), [chosen('bath.jpg')], () => undefined);
  expect(await storedCounts(project)).toEqual({ requests: 2, photos: 3, objects: 6, files: 6 });

  expect(await staffClient(project).quotes.delete(gone.id)).toBe(true);
  expect(await storedCounts(project)).toEqual({ requests: 1, photos: 1, objects: 2, files: 2 });
  expect([...project.state.storage.files.keys()].every((key) => key.startsWith(`${photoBucket}/${kept.id}/`))).toBe(true);
});

test('when Storage fails after the row is deleted, the request is still gone and its folder is left for the purge', async () => {
  const project = await supabaseProject();
  const sent = await new SupabasePhotoSender({ client: project.connect(), processor }).send(sampleQuote(), [chosen('kitchen.jpg')], () => undefined);
  const { quotes } = staffClient(project);
  project.state.storage.down = true;
  expect(await quotes.delete(sent.id)).toBe(true);
  expect(await storedCounts(project)).toEqual({ requests: 0, photos: 0, objects: 2, files: 2 });
  const orphans = () =>
    project.state.database.request({ role: 'service_role' }, (db) => db.query<{ folders: string[] }>('select public.orphaned_photo_folders() as folders'));
  // A folder is left alone while its newest file is recent (a visitor may be sending), then the purge takes it.
  expect((await orphans()).rows).toEqual([{ folders: [] }]);
  await project.state.database.owner.query(`update storage.objects set created_at = now() - interval '1 day'`);
  expect((await orphans()).rows).toEqual([{ folders: [sent.id] }]);
});

test('the repository stores photos already processed the same way: files first, then the request with them', async () => {
  const project = await supabaseProject();
  const outcome = await processor.process(chosen('radiator.jpg'));
  if (!outcome.ok) throw new Error('processed expected');
  const stored = await new SupabaseQuoteRepository({ client: project.connect() }).insert(sampleQuote(), [outcome.photo]);
  expect(await storedCounts(project)).toEqual({ requests: 1, photos: 1, objects: 2, files: 2 });
  expect((await photosOf(project, stored.id))?.map(({ width, thumbnailWidth }) => [width, thumbnailWidth])).toEqual([[2048, 320]]);
  const six = Array.from({ length: 6 }, () => outcome.photo);
  const refusal = await new SupabaseQuoteRepository({ client: project.connect() }).insert(sampleQuote(), six).catch((error: unknown) => error);
  expect((refusal as PhotoRejected).error).toEqual({ kind: 'too-many', count: 6 });
});
