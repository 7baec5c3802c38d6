// What the edge functions use of the project's Storage API (/storage/v1), as the service role: list
// a folder's files and remove them. Files are removed through this API, never by deleting rows of
// storage.objects, which would leave the files themselves in the bucket's backing store.
import type { StoreConfig } from './postgrest.ts';
import { asServiceRole } from './postgrest.ts';

const storageFailure = async (action: string, response: Response): Promise<Error> =>
  new Error(`${action} failed: Storage answered ${response.status} ${(await response.text()).slice(0, 200)}`);

/** The names (relative to it) of the files in `folder` of `bucket`, at most `limit`. */
export async function listFolder(project: StoreConfig, bucket: string, folder: string, limit: number, fetchImpl: typeof fetch): Promise<string[]> {
  const response = await fetchImpl(`${project.url}/storage/v1/object/list/${encodeURIComponent(bucket)}`, {
    method: 'POST',
    headers: { ...asServiceRole(project), 'content-type': 'application/json' },
    body: JSON.stringify({ prefix: folder, limit, offset: 0, sortBy: { column: 'name', order: 'asc' } }),
  });
  if (!response.ok) throw await storageFailure(`Listing ${bucket}/${folder}`, response);
  const listed: unknown = await response.json();
  if (!Array.isArray(listed)) throw new Error(`Listing ${bucket}/${folder} failed: Storage answered something other than a list`);
  return listed.flatMap((entry: unknown) =>
    typeof entry === 'object' && entry !== null && 'name' in entry && typeof entry.name === 'string' ? [entry.name] : [],
  );
}

/** Removes the files at `paths` in `bucket`; answers how many Storage removed. */
export async function removeFiles(project: StoreConfig, bucket: string, paths: readonly string[], fetchImpl: typeof fetch): Promise<number> {
  const response = await fetchImpl(`${project.url}/storage/v1/object/${encodeURIComponent(bucket)}`, {
    method: 'DELETE',
    headers: { ...asServiceRole(project), 'content-type': 'application/json' },
    body: JSON.stringify({ prefixes: paths }),
  });
  if (!response.ok) throw await storageFailure(`Removing files from ${bucket}`, response);
  const removed: unknown = await response.json();
  return Array.isArray(removed) ? removed.length : 0;
}
