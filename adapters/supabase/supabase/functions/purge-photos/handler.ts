import * as v from 'valibot';
import { asServiceRole, postgrestFailure, type StoreConfig } from '../_shared/postgrest.ts';
import { listFolder, removeFiles } from '../_shared/storage.ts';

/**
 * Removes the photos whose request is gone (deleted by staff, by the retention purge, erased on the
 * customer's request) or never came (uploaded by a visitor who then did not send): the project's
 * public.orphaned_photo_folders() names their folders, and each folder's files are removed through
 * the Storage API. Called by the pg_cron job of 20261203070100_purge_photos_schedule.sql with the
 * service role key, and by nobody else.
 *
 *   POST /purge-photos   → 200 { folders, files }   what was removed
 *                        → 401                      without the service role key
 *                        → 502 { error }            the database or Storage failed; run again later
 */
export interface PurgeSetup {
  ok: true;
  project: StoreConfig;
  bucket: string;
  /** The most files one folder holds (two per photo), and then some: a folder is listed in one call. */
  folderLimit: number;
  fetch: typeof fetch;
  log: (line: string) => void;
}

const FoldersSchema = v.array(v.pipe(v.string(), v.uuid()));

async function orphanedFolders(setup: PurgeSetup): Promise<string[]> {
  const response = await setup.fetch(`${setup.project.url}/rest/v1/rpc/orphaned_photo_folders`, {
    method: 'POST',
    headers: { ...asServiceRole(setup.project), 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw await postgrestFailure('Finding the photos of requests that are gone', response);
  return v.parse(FoldersSchema, await response.json());
}

export async function handlePurgePhotos(request: Request, setup: PurgeSetup | { ok: false; problem: string }): Promise<Response> {
  if (!setup.ok) return Response.json({ error: `The function is not set up: ${setup.problem}` }, { status: 500 });
  if (request.method !== 'POST') return Response.json({ error: 'POST to purge' }, { status: 405, headers: { allow: 'POST' } });
  if (request.headers.get('authorization') !== `Bearer ${setup.project.serviceKey}`) {
    return Response.json({ error: 'Only the project itself may purge photos' }, { status: 401 });
  }
  let folders = 0;
  let files = 0;
  try {
    for (const folder of await orphanedFolders(setup)) {
      const names = await listFolder(setup.project, setup.bucket, folder, setup.folderLimit, setup.fetch);
      if (names.length > 0) files += await removeFiles(setup.project, setup.bucket, names.map((name) => `${folder}/${name}`), setup.fetch);
      folders += 1;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    setup.log(`purge-photos: ${message} (removed ${folders} folders, ${files} files before it)`);
    return Response.json({ error: message, folders, files }, { status: 502 });
  }
  setup.log(`purge-photos: removed ${folders} folders, ${files} files`);
  return Response.json({ folders, files });
}
